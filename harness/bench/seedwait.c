// SPDX-License-Identifier: GPL-2.0
/*
 * Seconds from boot (CLOCK_BOOTTIME) until getrandom(2) stops blocking.
 *
 *   seedwait poll BOUND    getrandom(GRND_NONBLOCK) every 10 ms; nothing
 *                          else asks for random bytes
 *   seedwait block BOUND   one blocking getrandom(buf, 16, 0)
 *
 * Prints "BENCH seed mode=M ready=1 secs=S" or, when the boot time reaches
 * BOUND seconds first, "BENCH seed mode=M ready=0 secs=BOUND".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef GRND_NONBLOCK
#define GRND_NONBLOCK 1
#endif

static double boottime(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_BOOTTIME, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Written by the blocker thread, polled by main(): atomic accesses. */
static double ready_at;

static double ready_time(void)
{
	double t;

	__atomic_load(&ready_at, &t, __ATOMIC_ACQUIRE);
	return t;
}

static void *blocker(void *arg)
{
	unsigned char b[16];

	(void)arg;
	while (syscall(SYS_getrandom, b, sizeof(b), 0) < 0 && errno == EINTR)
		;
	double now = boottime();

	__atomic_store(&ready_at, &now, __ATOMIC_RELEASE);
	return NULL;
}

int main(int argc, char **argv)
{
	const struct timespec tick = { 0, 10 * 1000 * 1000 };
	unsigned char b[16];
	double bound;
	pthread_t t;

	if (argc != 3 || (strcmp(argv[1], "poll") && strcmp(argv[1], "block"))) {
		fprintf(stderr, "usage: %s poll|block BOUND\n", argv[0]);
		return 2;
	}
	bound = atof(argv[2]);
	printf("BENCH seed-start mode=%s secs=%.3f\n", argv[1], boottime());
	if (!strcmp(argv[1], "poll")) {
		for (;;) {
			if (syscall(SYS_getrandom, b, sizeof(b), GRND_NONBLOCK) > 0) {
				printf("BENCH seed mode=poll ready=1 secs=%.3f\n", boottime());
				return 0;
			}
			if (errno != EAGAIN && errno != EINTR) {
				perror("getrandom");
				return 1;
			}
			if (boottime() >= bound)
				break;
			nanosleep(&tick, NULL);
		}
		printf("BENCH seed mode=poll ready=0 secs=%.0f\n", bound);
		return 0;
	}
	/* The waiting is done by the blocking thread; we only watch the bound. */
	if (pthread_create(&t, NULL, blocker, NULL))
		return 1;
	while (!ready_time() && boottime() < bound)
		nanosleep(&tick, NULL);
	if (ready_time())
		printf("BENCH seed mode=block ready=1 secs=%.3f\n", ready_time());
	else
		printf("BENCH seed mode=block ready=0 secs=%.0f\n", bound);
	fflush(stdout);
	_exit(0);
}
