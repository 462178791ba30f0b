// SPDX-License-Identifier: GPL-2.0
/*
 * How long after boot the RNG becomes ready, with interrupts as the only
 * help it gets.
 *
 * The test polls getrandom(NULL, 0, GRND_NONBLOCK), the readiness probe,
 * every 10 ms and in between writes a line to the console's serial port,
 * whose transmit interrupts are the kind of device interrupts a real
 * machine has.  It passes when the RNG is ready within LRNG_SEED_BOUND
 * seconds of boot, and prints when that was.  Booted normally it passes at
 * once; the harness also boots the LRNG kernel with every other source off
 * (random.trust_cpu=off lrng_es_jent.jitterrng=0) to run it.
 */

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#pragma GCC diagnostic pop

#include <linux/random.h>
#include <time.h>

#include "lrng_common.h"

#define LRNG_SEED_BOUND		60.0
#define LRNG_TRAFFIC_TTY	"/dev/ttyS0"

static double lrng_uptime(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_BOOTTIME, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

FIXTURE(seeding) {
	int tty;
};

FIXTURE_SETUP(seeding)
{
	self->tty = open(LRNG_TRAFFIC_TTY, O_WRONLY | O_NOCTTY | O_CLOEXEC);
}

FIXTURE_TEARDOWN(seeding)
{
	if (self->tty >= 0)
		close(self->tty);
}

TEST_F(seeding, ready_within_bound)
{
	static const char line[] =
		"lrng_seeding_test: serial traffic while waiting for the RNG\n";
	const struct timespec pause = { .tv_nsec = 10 * 1000 * 1000 };
	double started = lrng_uptime(), now;
	long writes = 0;

	for (;;) {
		now = lrng_uptime();
		if (lrng_getrandom(NULL, 0, GRND_NONBLOCK) == 0)
			break;
		ASSERT_EQ(EAGAIN, errno);
		ASSERT_LT(now, LRNG_SEED_BOUND) {
			TH_LOG("not ready %.1f s after boot (%ld serial lines written)",
			       now, writes);
		}
		if (self->tty >= 0 &&
		    write(self->tty, line, sizeof(line) - 1) > 0)
			writes++;
		nanosleep(&pause, NULL);
	}
	TH_LOG("ready %.2f s after boot (test started at %.2f s, %ld serial lines written)",
	       now, started, writes);
}

TEST_HARNESS_MAIN
