// SPDX-License-Identifier: GPL-2.0
/*
 * Guest helper of make sp80090b (harness/sp80090b.sh; run by
 * harness/sp80090b/run):
 *
 *   sp80090b_guest traffic
 *	serial traffic on the console until killed: the device interrupts
 *	the interrupt tap samples while it collects
 *   sp80090b_guest bootwait SECS
 *	serial traffic until the boot-time collection of lrng_raw_hires
 *	holds its 1000 time stamps (its parameter reads 2) or SECS seconds
 *	passed; prints the parameter's last value, exit status 0 only when
 *	it is 2
 *
 * The traffic is the kselftests' (lrng_traffic_start() of
 * tools/testing/selftests/lrng/lrng_common.h: a short line, then a pause),
 * so that the data sets are taken under the load the kselftests check the
 * taps with.  A boot-time collection must not be read before it is done:
 * the read would return fewer stamps, and the next read would go on with
 * run-time ones.
 */
#define _GNU_SOURCE
#include "lrng_common.h"

#define SP_TTY		"/dev/ttyS0"
#define SP_LINE		"sp80090b: traffic\n"
#define SP_BOOT_PARAM	"/sys/module/lrng_testing/parameters/boot_raw_hires_test"
/* The boot collection's parameter: collecting, then done. */
#define SP_BOOT_ON	1
#define SP_BOOT_DONE	2
#define SP_POLL_US	10000

static int sp_traffic(void)
{
	pid_t pid = lrng_traffic_start(SP_TTY, SP_LINE);
	int status;

	if (pid <= 0) {
		perror("sp80090b_guest: fork");
		return 1;
	}
	/* Returns only when the writer failed: it runs until killed. */
	waitpid(pid, &status, 0);
	fprintf(stderr, "sp80090b_guest: cannot write to %s\n", SP_TTY);
	return 1;
}

static int sp_bootwait(const char *arg)
{
	double deadline = lrng_uptime() + atoi(arg);
	pid_t pid = 0;
	long state;

	if (lrng_read_int(SP_BOOT_PARAM, &state)) {
		fprintf(stderr, "sp80090b_guest: cannot read %s\n",
			SP_BOOT_PARAM);
		return 1;
	}
	if (state == SP_BOOT_ON)
		pid = lrng_traffic_start(SP_TTY, SP_LINE);
	while (state == SP_BOOT_ON && lrng_uptime() < deadline) {
		usleep(SP_POLL_US);
		if (lrng_read_int(SP_BOOT_PARAM, &state))
			state = -1;
	}
	lrng_traffic_stop(pid);
	printf("%ld\n", state);
	return state == SP_BOOT_DONE ? 0 : 1;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "traffic"))
		return sp_traffic();
	if (argc == 3 && !strcmp(argv[1], "bootwait"))
		return sp_bootwait(argv[2]);
	fprintf(stderr, "usage: sp80090b_guest traffic | bootwait SECS\n");
	return 2;
}
