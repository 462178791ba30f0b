// SPDX-License-Identifier: GPL-2.0
/*
 * Output sample for the host's randomness check (harness/randomness.sh).
 *
 *   lrng_sample getrandom N   N bytes of getrandom(2) output (flags 0)
 *   lrng_sample pattern       the 256 byte values 0..255 once, in order
 *
 * to stdout. The pattern lets the host prove that the serial port carried
 * every byte value unchanged (no \n -> \r\n, no flow control characters
 * eaten). getrandom(2) may return fewer bytes than asked (a signal, or a
 * request above the kernel's per-call limit), write(2) may write fewer:
 * both are continued until N bytes are out. Exit status 0 only when all N
 * bytes were written.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

/* Each request is at most this long; larger ones would only be shortened. */
#define CHUNK 65536

static int write_all(const unsigned char *p, size_t len)
{
	while (len) {
		ssize_t w = write(STDOUT_FILENO, p, len);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			perror("lrng_sample: write");
			return -1;
		}
		p += w;
		len -= (size_t)w;
	}
	return 0;
}

static int send_getrandom(unsigned long long n)
{
	static unsigned char buf[CHUNK];

	while (n) {
		size_t want = n < CHUNK ? (size_t)n : CHUNK;
		ssize_t got = getrandom(buf, want, 0);

		if (got < 0) {
			if (errno == EINTR)
				continue;
			perror("lrng_sample: getrandom");
			return 1;
		}
		if (got == 0) {
			fprintf(stderr, "lrng_sample: getrandom returned 0 for %zu bytes\n",
				want);
			return 1;
		}
		if (write_all(buf, (size_t)got))
			return 1;
		n -= (unsigned long long)got;
	}
	return 0;
}

int main(int argc, char **argv)
{
	unsigned char pat[256];
	char *end;
	unsigned long long n;
	int i;

	if (argc == 2 && !strcmp(argv[1], "pattern")) {
		for (i = 0; i < 256; i++)
			pat[i] = (unsigned char)i;
		return write_all(pat, sizeof(pat)) ? 1 : 0;
	}
	if (argc == 3 && !strcmp(argv[1], "getrandom")) {
		errno = 0;
		n = strtoull(argv[2], &end, 0);
		if (!errno && *argv[2] && !*end)
			return send_getrandom(n);
	}
	fprintf(stderr, "usage: lrng_sample getrandom N | lrng_sample pattern\n");
	return 2;
}
