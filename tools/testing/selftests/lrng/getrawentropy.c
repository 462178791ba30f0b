// SPDX-License-Identifier: GPL-2.0
/*
 * getrawentropy: read raw samples from an LRNG debugfs tap, or the Jitter
 * RNG's time stamps from the kernel's jitterentropy test interface, and
 * write them in the input formats of the NIST SP800-90B entropy
 * assessment tool.
 *
 * usage: getrawentropy [-t TAP | -j] -n COUNT [-s FILE] [-w FILE] [-T SECS]
 *
 *   -t TAP    tap name in /sys/kernel/debug/lrng_testing/ or a path
 *             (default lrng_raw_hires)
 *   -j        the Jitter RNG's time stamps, from
 *             /sys/kernel/debug/jitterentropy_testing/jent_raw_hires
 *   -n COUNT  number of samples to read
 *   -s FILE   one byte per sample: its 8 least significant bits (the
 *             tool's 8-bit sample file, ea_non_iid FILE 8)
 *   -w FILE   the raw 32-bit words, in host byte order
 *   -T SECS   give up when a read waits SECS seconds for its samples
 *             (0 waits for ever; default 0, with -j 60)
 *
 * An LRNG tap collects only while it is read, so the samples of one run are
 * consecutive events unless the tap's ring of 1024 words overflowed
 * between two reads.  Reads are as large as possible.
 *
 * The Jitter RNG interface records only while a read waits for its next
 * LRNG_JENT_RUN words: the stamps of such a run are consecutive, those
 * between two runs are not recorded.  -j reads one run at a time, so that
 * a timeout loses at most one run (an interrupted read returns nothing).
 * It records every user of the Jitter RNG, and a fully seeded LRNG draws
 * one block from it after each seed; so with -j a child process forces a
 * reseed (RNDRESEEDCRNG, which needs CAP_SYS_ADMIN) every
 * LRNG_RESEED_PAUSE_US while the samples are read.
 *
 * Exit status 0 when COUNT samples were written, 1 otherwise.
 */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/random.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define LRNG_TAP_DIR	"/sys/kernel/debug/lrng_testing/"
#define LRNG_JENT_TAP	"/sys/kernel/debug/jitterentropy_testing/jent_raw_hires"
#define LRNG_CHUNK	1024
/*
 * Words the Jitter RNG interface collects at a time: it copies them out
 * through a buffer of 1024 bytes and starts a new collection for each.
 */
#define LRNG_JENT_RUN	256
#define LRNG_JENT_TIMEOUT	60
#define LRNG_RESEED_PAUSE_US	10000

static void lrng_usage(const char *prog)
{
	fprintf(stderr,
		"Usage: %s [-t TAP | -j] -n COUNT [-s FILE] [-w FILE] [-T SECS]\n",
		prog);
	exit(1);
}

static void lrng_die(const char *fmt, ...)
{
	va_list ap;

	fputs("getrawentropy: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

/* The whole of @arg as a number from @min to @max, or exit. */
static unsigned long lrng_number(int opt, const char *arg, unsigned long min,
				 unsigned long max)
{
	unsigned long val;
	char *end;

	errno = 0;
	val = strtoul(arg, &end, 0);
	if (errno || end == arg || *end || arg[0] == '-' || val < min ||
	    val > max) {
		lrng_die("-%c: '%s' is not a number from %lu to %lu", opt, arg,
			 min, max);
	}
	return val;
}

static int write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	ssize_t ret;

	while (len) {
		ret = write(fd, p, len);
		if (ret < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += ret;
		len -= ret;
	}
	return 0;
}

static int open_out(const char *path)
{
	if (!path)
		return -1;
	return open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
}

/* Only there to end a blocked read(): SIGALRM would end the process. */
static void lrng_alarm(int sig)
{
	(void)sig;
}

static double lrng_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * read() that gives up after @secs seconds (0: never) and sets *@late
 * then: SIGALRM, without SA_RESTART, ends a blocked read with EINTR (an
 * LRNG tap returns the words it has).  The timer repeats every second, so
 * that a signal that comes before read() blocks is not lost.
 */
static ssize_t lrng_read(int fd, void *buf, size_t len, unsigned long secs,
			 bool *late)
{
	struct itimerval on = {
		.it_value.tv_sec = secs,
		.it_interval.tv_sec = 1,
	}, off = { 0 };
	double start = lrng_now();
	ssize_t ret;
	int err;

	if (secs && setitimer(ITIMER_REAL, &on, NULL))
		return -1;
	ret = read(fd, buf, len);
	err = errno;
	if (secs)
		setitimer(ITIMER_REAL, &off, NULL);
	*late = secs && ret != (ssize_t)len && lrng_now() - start >= secs;
	errno = err;
	return ret;
}

/*
 * A child that forces a reseed of the LRNG every LRNG_RESEED_PAUSE_US
 * until it is killed or its parent dies.  ENODATA (not fully seeded yet)
 * is no error: until then the LRNG's Jitter RNG source draws on its own.
 */
static pid_t lrng_jent_drive(void)
{
	pid_t parent = getpid(), pid;
	bool warned = false;
	int fd;

	pid = fork();
	if (pid)
		return pid;
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
		_exit(0);
	fd = open("/dev/random", O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "getrawentropy: /dev/random: %s\n",
			strerror(errno));
		_exit(1);
	}
	for (;;) {
		if (ioctl(fd, RNDRESEEDCRNG) && errno != ENODATA && !warned) {
			fprintf(stderr, "getrawentropy: RNDRESEEDCRNG: %s\n",
				strerror(errno));
			warned = true;
		}
		usleep(LRNG_RESEED_PAUSE_US);
	}
}

int main(int argc, char **argv)
{
	const char *tap = NULL, *bytes = NULL, *words = NULL;
	unsigned long count = 0, done = 0, n, got, i, chunk, secs = ULONG_MAX;
	struct sigaction sa = { .sa_handler = lrng_alarm };
	uint32_t buf[LRNG_CHUNK];
	uint8_t low[LRNG_CHUNK];
	int opt, in, bfd, wfd;
	bool jent = false, late;
	pid_t drive = 0;
	char path[4096];
	ssize_t ret;

	while ((opt = getopt(argc, argv, "t:jn:s:w:T:")) != -1) {
		switch (opt) {
		case 't':
			tap = optarg;
			break;
		case 'j':
			jent = true;
			break;
		case 'n':
			count = lrng_number(opt, optarg, 1, UINT_MAX);
			break;
		case 's':
			bytes = optarg;
			break;
		case 'w':
			words = optarg;
			break;
		case 'T':
			secs = lrng_number(opt, optarg, 0, INT_MAX);
			break;
		default:
			lrng_usage(argv[0]);
		}
	}
	if (optind < argc)
		lrng_die("unexpected argument '%s'", argv[optind]);
	if (tap && jent)
		lrng_die("-t and -j exclude each other");
	if (!count)
		lrng_die("-n COUNT is missing");
	if (!bytes && !words)
		lrng_die("-s FILE or -w FILE is missing");
	if (secs == ULONG_MAX)
		secs = jent ? LRNG_JENT_TIMEOUT : 0;
	chunk = jent ? LRNG_JENT_RUN : LRNG_CHUNK;

	if (jent)
		snprintf(path, sizeof(path), "%s", LRNG_JENT_TAP);
	else if (!tap)
		snprintf(path, sizeof(path), "%slrng_raw_hires", LRNG_TAP_DIR);
	else
		snprintf(path, sizeof(path), "%s%s", strchr(tap, '/') ? "" :
			 LRNG_TAP_DIR, tap);
	in = open(path, O_RDONLY | O_CLOEXEC);
	if (in < 0) {
		fprintf(stderr, "getrawentropy: %s: %s\n", path,
			strerror(errno));
		return 1;
	}
	bfd = open_out(bytes);
	wfd = open_out(words);
	if ((bytes && bfd < 0) || (words && wfd < 0)) {
		fprintf(stderr, "getrawentropy: output: %s\n", strerror(errno));
		return 1;
	}
	if (secs && sigaction(SIGALRM, &sa, NULL)) {
		fprintf(stderr, "getrawentropy: sigaction: %s\n",
			strerror(errno));
		return 1;
	}
	if (jent) {
		drive = lrng_jent_drive();
		if (drive < 0) {
			fprintf(stderr, "getrawentropy: fork: %s\n",
				strerror(errno));
			return 1;
		}
	}

	while (done < count) {
		n = count - done < chunk ? count - done : chunk;
		ret = lrng_read(in, buf, n * sizeof(buf[0]), secs, &late);
		if (ret < 0 && errno == EINTR && !late)
			continue;
		if (ret > 0 && !(ret % sizeof(buf[0]))) {
			got = ret / sizeof(buf[0]);
			for (i = 0; i < got; i++)
				low[i] = buf[i] & 0xff;
			if ((bfd >= 0 && write_all(bfd, low, got)) ||
			    (wfd >= 0 && write_all(wfd, buf, ret))) {
				fprintf(stderr, "getrawentropy: write: %s\n",
					strerror(errno));
				break;
			}
			done += got;
			/* Short, not timed out: another signal ended it. */
			if (!late)
				continue;
		}
		if (!late)
			fprintf(stderr, "getrawentropy: read %s: %s\n", path,
				ret < 0 ? strerror(errno) : "short read");
		else
			fprintf(stderr, "getrawentropy: read %s: no %lu samples within %lu s\n",
				path, n, secs);
		if (late && jent)
			fprintf(stderr,
				"getrawentropy: nothing ran the Jitter RNG: is JitterRNG available in /proc/lrng_type?\n");
		break;
	}

	if (drive > 0) {
		kill(drive, SIGKILL);
		waitpid(drive, NULL, 0);
	}
	if ((bfd >= 0 && close(bfd)) || (wfd >= 0 && close(wfd))) {
		fprintf(stderr, "getrawentropy: close: %s\n", strerror(errno));
		return 1;
	}
	close(in);
	fprintf(stderr, "getrawentropy: %lu of %lu samples from %s\n", done,
		count, path);
	return done == count ? 0 : 1;
}
