// SPDX-License-Identifier: GPL-2.0
/*
 * getrawentropy: read raw samples from an LRNG debugfs tap and write them
 * in the input formats of the NIST SP800-90B entropy assessment tool.
 *
 * usage: getrawentropy [-t TAP] -n COUNT [-s FILE] [-w FILE]
 *
 *   -t TAP    tap name in /sys/kernel/debug/lrng_testing/ or a path
 *             (default lrng_raw_hires)
 *   -n COUNT  number of samples to read
 *   -s FILE   one byte per sample: its 8 least significant bits (the
 *             tool's 8-bit sample file, ea_non_iid FILE 8)
 *   -w FILE   the raw 32-bit words, in host byte order
 *
 * A tap collects only while it is read, so the samples of one run are
 * consecutive events unless the tap's ring of 1024 words overflowed
 * between two reads.  Reads are as large as possible.  Exit status 0 when
 * COUNT samples were written, 1 otherwise.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LRNG_TAP_DIR	"/sys/kernel/debug/lrng_testing/"
#define LRNG_CHUNK	1024

static void lrng_usage(const char *prog)
{
	fprintf(stderr,
		"Usage: %s [-t TAP] -n COUNT [-s FILE] [-w FILE]\n", prog);
	exit(1);
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

int main(int argc, char **argv)
{
	const char *tap = "lrng_raw_hires", *bytes = NULL, *words = NULL;
	uint32_t buf[LRNG_CHUNK];
	uint8_t low[LRNG_CHUNK];
	unsigned long count = 0, done = 0, n, i;
	char path[4096];
	int opt, in, bfd, wfd;
	ssize_t ret;

	while ((opt = getopt(argc, argv, "t:n:s:w:")) != -1) {
		switch (opt) {
		case 't':
			tap = optarg;
			break;
		case 'n':
			count = strtoul(optarg, NULL, 0);
			break;
		case 's':
			bytes = optarg;
			break;
		case 'w':
			words = optarg;
			break;
		default:
			lrng_usage(argv[0]);
		}
	}
	if (!count || (!bytes && !words))
		lrng_usage(argv[0]);

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

	while (done < count) {
		n = count - done < LRNG_CHUNK ? count - done : LRNG_CHUNK;
		ret = read(in, buf, n * sizeof(buf[0]));
		if (ret < 0 && errno == EINTR)
			continue;
		if (ret <= 0 || ret % sizeof(buf[0])) {
			fprintf(stderr, "getrawentropy: read %s: %s\n", path,
				ret < 0 ? strerror(errno) : "short read");
			break;
		}
		n = ret / sizeof(buf[0]);
		for (i = 0; i < n; i++)
			low[i] = buf[i] & 0xff;
		if ((bfd >= 0 && write_all(bfd, low, n)) ||
		    (wfd >= 0 && write_all(wfd, buf, n * sizeof(buf[0])))) {
			fprintf(stderr, "getrawentropy: write: %s\n",
				strerror(errno));
			break;
		}
		done += n;
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
