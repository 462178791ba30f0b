// SPDX-License-Identifier: GPL-2.0
/*
 * Seconds from boot (CLOCK_BOOTTIME) until getrandom(2) stops blocking.
 *
 *   seedwait poll BOUND    getrandom(GRND_NONBLOCK) every 10 ms; nothing
 *                          else asks for random bytes
 *   seedwait block BOUND   one blocking getrandom(buf, 16, 0)
 *   seedwait sched BOUND   the same while a ping-pong of two processes on
 *                          CPU 0 switches tasks (lrng_pingpong.h of the
 *                          LRNG selftests, as lrng_seeding_test does)
 *
 * Prints "BENCH seed mode=M ready=1 secs=S" or, when the boot time reaches
 * BOUND seconds first, "BENCH seed mode=M ready=0 secs=BOUND"; mode sched
 * adds ctxt=N, the context switches of all CPUs since boot ("ctxt" of
 * /proc/stat) when getrandom() returned, or at the bound.
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

#include "lrng_pingpong.h"

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
static long long ready_ctxt;

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
	long long ctxt = lrng_ctxt();

	__atomic_store(&ready_ctxt, &ctxt, __ATOMIC_RELAXED);
	__atomic_store(&ready_at, &now, __ATOMIC_RELEASE);
	return NULL;
}

int main(int argc, char **argv)
{
	const struct timespec tick = { 0, 10 * 1000 * 1000 };
	const char *mode = argc == 3 ? argv[1] : "";
	pid_t switches = -1;
	char ctxt[48] = "";
	unsigned char b[16];
	double bound;
	pthread_t t;
	long long n;

	if (strcmp(mode, "poll") && strcmp(mode, "block") && strcmp(mode, "sched")) {
		fprintf(stderr, "usage: %s poll|block|sched BOUND\n", argv[0]);
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
	if (!strcmp(mode, "sched")) {
		switches = lrng_switches_start(LRNG_PINGPONG_CPU);
		if (switches < 0)
			return 1;
	}
	/* The waiting is done by the blocking thread; we only watch the bound. */
	if (pthread_create(&t, NULL, blocker, NULL))
		return 1;
	while (!ready_time() && boottime() < bound)
		nanosleep(&tick, NULL);
	if (!strcmp(mode, "sched")) {
		n = ready_time() ? __atomic_load_n(&ready_ctxt, __ATOMIC_RELAXED) :
				   lrng_ctxt();
		lrng_switches_stop(switches);
		snprintf(ctxt, sizeof(ctxt), " ctxt=%lld", n);
	}
	if (ready_time())
		printf("BENCH seed mode=%s ready=1 secs=%.3f%s\n", mode,
		       ready_time(), ctxt);
	else
		printf("BENCH seed mode=%s ready=0 secs=%.0f%s\n", mode, bound,
		       ctxt);
	fflush(stdout);
	_exit(0);
}
