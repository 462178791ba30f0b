// SPDX-License-Identifier: GPL-2.0
/*
 * getrandom(2) throughput for make bench: the raw system call
 * (syscall(SYS_getrandom)), so glibc's vDSO wrapper is not measured.
 *
 *   getrandom_bench [-t seconds per figure] [-s size,size,...] [-p threads,...]
 *
 * For every size and thread count, each thread calls getrandom(buf, size, 0)
 * in a loop until the main thread flips a stop flag after the given time.
 * One line per figure on stdout:
 *   BENCH getrandom size=S threads=T calls=N bytes=B secs=W mbps=X nscall=Y
 * mbps is all threads' bytes over the wall time (10^6 bytes per second);
 * nscall is the mean time one call took in one thread.
 *
 * Before every figure and at the end it times the host-speed control: the
 * same user-space loop (ChaCha double rounds, no system call) on each of
 * the two CPUs at once, the same binary on both kernels.  Under TCG it runs
 * at whatever speed the host gives the VM, so harness/bench.sh compares
 * these lines within a boot and across boots to find boots the host
 * slowed.  It counts TSC cycles, not clock_gettime() time: a boot whose TSC
 * calibration failed runs on the jiffies clocksource, with 4 ms steps.
 *   BENCH control at=LABEL cycles=X   (X: per round; median of
 *                                      CONTROL_SLICES slices, slower CPU)
 *   getrandom_bench -c LABEL          only the control, once
 *
 * The cost of a context switch, which the LRNG's scheduler entropy source
 * adds to:
 *   getrandom_bench -x SECS
 * runs the control once, then a ping-pong (lrng_pingpong.h of the LRNG
 * selftests): this process and a child, both pinned to one CPU, pass a
 * byte back and forth over two pipes for SECS seconds, two context
 * switches per round, after CTXSW_WARMUP rounds.
 *   BENCH ctxsw switches=N secs=W nsswitch=X
 * nsswitch is the wall time over the switches: each switch with its share
 * of the pipe reads and writes, the same work on both kernels.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <x86intrin.h>

#include "lrng_pingpong.h"

struct worker {
	pthread_t tid;
	size_t size;
	unsigned char *buf;
	unsigned long long calls, bytes;
	double t0, t1;
	int err;
};

static atomic_int go, stop;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void *run(void *arg)
{
	struct worker *w = arg;

	while (!atomic_load(&go))
		;
	w->t0 = now();
	while (!atomic_load_explicit(&stop, memory_order_relaxed)) {
		long r = syscall(SYS_getrandom, w->buf, w->size, 0);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			w->err = errno;
			break;
		}
		w->calls++;
		w->bytes += r;
	}
	w->t1 = now();
	return NULL;
}

enum {
	CONTROL_CPUS = 2,
	CONTROL_SLICES = 7,
	CONTROL_ROUNDS = 80000,		/* per slice, about 3 ms under TCG */
	CONTROL_WARMUP = 10000,		/* first run: TCG translates the loop */
};

struct control {
	pthread_t tid;
	int cpu;
	double cycles;
	unsigned int sink;	/* the loop's result, so that it is computed */
};

static inline unsigned int rotl(unsigned int v, int n)
{
	return (v << n) | (v >> (32 - n));
}

static inline void quarter_round(unsigned int *x, int a, int b, int c, int d)
{
	x[a] += x[b];
	x[d] = rotl(x[d] ^ x[a], 16);
	x[c] += x[d];
	x[b] = rotl(x[b] ^ x[c], 12);
	x[a] += x[b];
	x[d] = rotl(x[d] ^ x[a], 8);
	x[c] += x[d];
	x[b] = rotl(x[b] ^ x[c], 7);
}

static void control_rounds(unsigned int *x, int rounds)
{
	int i;

	for (i = 0; i < rounds; i++) {
		quarter_round(x, 0, 4, 8, 12);
		quarter_round(x, 1, 5, 9, 13);
		quarter_round(x, 2, 6, 10, 14);
		quarter_round(x, 3, 7, 11, 15);
		quarter_round(x, 0, 5, 10, 15);
		quarter_round(x, 1, 6, 11, 12);
		quarter_round(x, 2, 7, 8, 13);
		quarter_round(x, 3, 4, 9, 14);
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void *control_run(void *arg)
{
	struct control *c = arg;
	double slice[CONTROL_SLICES];
	unsigned int x[16];
	unsigned long long t0;
	cpu_set_t set;
	int i;

	CPU_ZERO(&set);
	CPU_SET(c->cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);	/* best effort */
	for (i = 0; i < 16; i++)
		x[i] = 0x9e3779b9u * (i + 1);
	control_rounds(x, CONTROL_WARMUP);
	for (i = 0; i < CONTROL_SLICES; i++) {
		t0 = __rdtsc();
		control_rounds(x, CONTROL_ROUNDS);
		slice[i] = (double)(__rdtsc() - t0) / CONTROL_ROUNDS;
	}
	qsort(slice, CONTROL_SLICES, sizeof(slice[0]), cmp_double);
	c->cycles = slice[CONTROL_SLICES / 2];
	c->sink = x[0] ^ x[15];
	return NULL;
}

static int host_speed(const char *at)
{
	struct control c[CONTROL_CPUS];
	double cycles = 0;
	int i;

	for (i = 0; i < CONTROL_CPUS; i++) {
		c[i].cpu = i;
		if (pthread_create(&c[i].tid, NULL, control_run, &c[i]))
			return -1;
	}
	for (i = 0; i < CONTROL_CPUS; i++) {
		pthread_join(c[i].tid, NULL);
		if (c[i].cycles > cycles)
			cycles = c[i].cycles;
	}
	printf("BENCH control at=%s cycles=%.2f\n", at, cycles);
	fflush(stdout);
	return 0;
}

static int figure(size_t size, int threads, double secs)
{
	struct worker w[64];
	struct timespec d;
	double t0 = 1e30, t1 = 0, ns = 0;
	unsigned long long calls = 0, bytes = 0;
	int i;

	atomic_store(&go, 0);
	atomic_store(&stop, 0);
	for (i = 0; i < threads; i++) {
		memset(&w[i], 0, sizeof(w[i]));
		w[i].size = size;
		w[i].buf = malloc(size);
		if (!w[i].buf)
			return -1;
		memset(w[i].buf, 0, size);	/* fault the pages in */
		if (pthread_create(&w[i].tid, NULL, run, &w[i]))
			return -1;
	}
	atomic_store(&go, 1);
	d.tv_sec = (time_t)secs;
	d.tv_nsec = (long)((secs - (double)d.tv_sec) * 1e9);
	nanosleep(&d, NULL);
	atomic_store(&stop, 1);
	for (i = 0; i < threads; i++) {
		pthread_join(w[i].tid, NULL);
		if (w[i].err) {
			fprintf(stderr, "getrandom(%zu): %s\n", size, strerror(w[i].err));
			return -1;
		}
		if (w[i].t0 < t0)
			t0 = w[i].t0;
		if (w[i].t1 > t1)
			t1 = w[i].t1;
		calls += w[i].calls;
		bytes += w[i].bytes;
		if (w[i].calls)
			ns += (w[i].t1 - w[i].t0) * 1e9 / w[i].calls;
		free(w[i].buf);
	}
	if (!calls)
		return -1;
	printf("BENCH getrandom size=%zu threads=%d calls=%llu bytes=%llu ",
	       size, threads, calls, bytes);
	printf("secs=%.4f mbps=%.3f nscall=%.1f\n",
	       t1 - t0, bytes / (t1 - t0) / 1e6, ns / threads);
	fflush(stdout);
	return 0;
}

enum {
	CTXSW_WARMUP = 1000,
	CTXSW_CHUNK = 1000,		/* rounds between two looks at the clock */
};

static int ctxsw_figure(double secs)
{
	struct lrng_pingpong pp;
	long long rounds = 0;
	double t0, t1;
	int ret = -1;

	if (host_speed("ctxsw"))
		return -1;
	if (lrng_pin(LRNG_PINGPONG_CPU) ||
	    lrng_pingpong_start(&pp, LRNG_PINGPONG_CPU)) {
		perror("ping-pong");
		return -1;
	}
	if (lrng_pingpong_run(&pp, CTXSW_WARMUP))
		goto stop;
	t0 = now();
	do {
		if (lrng_pingpong_run(&pp, CTXSW_CHUNK))
			goto stop;
		rounds += CTXSW_CHUNK;
		t1 = now();
	} while (t1 - t0 < secs);
	printf("BENCH ctxsw switches=%lld secs=%.4f nsswitch=%.1f\n",
	       2 * rounds, t1 - t0, (t1 - t0) * 1e9 / (2 * rounds));
	fflush(stdout);
	ret = 0;
stop:
	if (ret)
		perror("ping-pong");
	lrng_pingpong_stop(&pp);
	return ret;
}

int main(int argc, char **argv)
{
	const char *sizes = "16,32,64,512,4096,65536,1048576", *thr = "1,2";
	double secs = 0.5;
	unsigned char warm[64];
	int opt, rc = 0;

	while ((opt = getopt(argc, argv, "t:s:p:c:x:")) != -1) {
		switch (opt) {
		case 'c':
			return host_speed(optarg) ? 1 : 0;
		case 'x':
			return ctxsw_figure(atof(optarg)) ? 1 : 0;
		case 't':
			secs = atof(optarg);
			break;
		case 's':
			sizes = optarg;
			break;
		case 'p':
			thr = optarg;
			break;
		default:
			fprintf(stderr, "usage: %s [-t secs] [-s sizes] [-p threads]\n"
				"       %s -c label | -x secs\n", argv[0], argv[0]);
			return 2;
		}
	}
	/* Blocks until the RNG is ready; not timed. */
	if (syscall(SYS_getrandom, warm, sizeof(warm), 0) != sizeof(warm)) {
		perror("getrandom");
		return 1;
	}
	for (const char *t = thr; *t; ) {
		int threads = atoi(t);

		for (const char *s = sizes; *s; ) {
			size_t size = strtoul(s, NULL, 10);
			char at[64];

			snprintf(at, sizeof(at), "gr-%zu-%d", size, threads);
			if (host_speed(at))
				rc = 1;
			if (threads < 1 || threads > 64 || !size || figure(size, threads, secs))
				rc = 1;
			s = strchr(s, ',') ? strchr(s, ',') + 1 : "";
		}
		t = strchr(t, ',') ? strchr(t, ',') + 1 : "";
	}
	if (host_speed("gr-end"))
		rc = 1;
	return rc;
}
