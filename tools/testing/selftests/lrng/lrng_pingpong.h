/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Context switches on demand: two processes on one CPU pass a byte back
 * and forth over two pipes, so that every pass is a switch on that CPU.
 * lrng_seeding_test runs it while it waits for the scheduler entropy
 * source; make bench (harness/bench) times it and seeds the same way.
 *
 * Like lrng_common.h, whose lrng_pin() it uses, it needs only the C
 * library and the uapi headers, so that the bench can build it into its
 * static programs.  Include it with _GNU_SOURCE defined.
 */
#ifndef LRNG_SELFTEST_PINGPONG_H
#define LRNG_SELFTEST_PINGPONG_H

#include "lrng_common.h"

/* The CPU the ping-pong runs on: CPU 0 is never taken offline. */
#define LRNG_PINGPONG_CPU	0

/**
 * struct lrng_pingpong - the caller's end of a ping-pong
 * @pid: the partner process, which echoes every byte
 * @to: write end of the pipe the partner reads
 * @from: read end of the pipe the partner writes
 */
struct lrng_pingpong {
	pid_t pid;
	int to;
	int from;
};

/*
 * Fork the partner, on @cpu only, which echoes each byte it reads until
 * the pipe closes or its parent dies.  The caller pins itself to @cpu
 * too, so that each pass is a context switch.  Returns 0, or -1 with
 * errno set.
 */
static inline int lrng_pingpong_start(struct lrng_pingpong *pp, int cpu)
{
	int down[2], up[2];
	char byte;

	if (pipe(down))
		return -1;
	if (pipe(up))
		goto close_down;
	fflush(stdout);
	fflush(stderr);
	pp->pid = fork();
	if (pp->pid < 0)
		goto close_up;
	if (!pp->pid) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		close(down[1]);
		close(up[0]);
		if (lrng_pin(cpu))
			_exit(1);
		while (read(down[0], &byte, 1) == 1)
			if (write(up[1], &byte, 1) != 1)
				_exit(1);
		_exit(0);
	}
	close(down[0]);
	close(up[1]);
	pp->to = down[1];
	pp->from = up[0];
	return 0;

close_up:
	close(up[0]);
	close(up[1]);
close_down:
	close(down[0]);
	close(down[1]);
	return -1;
}

/*
 * Pass a byte to the partner and back @rounds times, two context switches
 * each.  Returns 0, or -1 with errno set.
 */
static inline int lrng_pingpong_run(struct lrng_pingpong *pp, long rounds)
{
	char byte = 0;

	for (; rounds > 0; rounds--)
		if (write(pp->to, &byte, 1) != 1 ||
		    read(pp->from, &byte, 1) != 1)
			return -1;
	return 0;
}

/* Close the pipes, which ends the partner, and reap it. */
static inline void lrng_pingpong_stop(struct lrng_pingpong *pp)
{
	close(pp->to);
	close(pp->from);
	waitpid(pp->pid, NULL, 0);
}

/*
 * Fork a process that runs a ping-pong on @cpu until it is killed
 * (lrng_switches_stop()) or its parent dies; its partner follows it.
 * Returns its pid, or -1.
 */
static inline pid_t lrng_switches_start(int cpu)
{
	struct lrng_pingpong pp;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid)
		return pid;
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (lrng_pin(cpu) || lrng_pingpong_start(&pp, cpu))
		_exit(1);
	for (;;)
		if (lrng_pingpong_run(&pp, 1000))
			_exit(1);
}

static inline void lrng_switches_stop(pid_t pid)
{
	if (pid <= 0)
		return;
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

/*
 * The context switches of all CPUs since boot ("ctxt" of /proc/stat), or
 * -1 when it cannot be read.
 */
static inline long long lrng_ctxt(void)
{
	long long n = -1;
	char line[256];
	FILE *f;

	f = fopen("/proc/stat", "re");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "ctxt %lld", &n) == 1)
			break;
	fclose(f);
	return n;
}

#endif /* LRNG_SELFTEST_PINGPONG_H */
