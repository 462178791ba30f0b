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
 *
 * A second case needs an LRNG kernel booted with fips=1 and
 * random.trust_cpu=off (the harness boots the distro kernel so) and is
 * skipped elsewhere: with the DRBG extension's SHA-512 the seeding is
 * SP800-90C's (every source is asked for 64 bits more than it is
 * credited for); after a forced fallback to unseeded, interrupts must
 * seed the LRNG fully again within LRNG_SEED_BOUND seconds.
 */

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#pragma GCC diagnostic pop

#include <linux/random.h>
#include <sys/syscall.h>
#include <time.h>

#include "lrng_common.h"

#define LRNG_SEED_BOUND		60.0
#define LRNG_TRAFFIC_TTY	"/dev/ttyS0"

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
	double started = lrng_uptime(), ready;
	long writes = 0;

	ready = lrng_wait_ready(self->tty, LRNG_SEED_BOUND, &writes);
	ASSERT_LE(0, ready) {
		TH_LOG("not ready %.1f s after boot (%ld serial lines written; %s)",
		       lrng_uptime(), writes,
		       ready == -2 ? strerror(errno) : "timeout");
	}
	TH_LOG("ready %.2f s after boot (test started at %.2f s, %ld serial lines written)",
	       ready, started, writes);
}

/* See the top of the file. */
TEST_F_TIMEOUT(seeding, sp80090c_reseeds_from_interrupts, LRNG_SEED_BOUND + 30)
{
	char dir[400], path[512], val[32];
	double fell, ready;
	long fips = 0, writes = 0;
	int again;

	if (access(LRNG_TYPE, R_OK))
		SKIP(return, "not an LRNG kernel");
	lrng_read_int("/proc/sys/crypto/fips_enabled", &fips);
	if (!fips)
		SKIP(return, "needs fips=1");
	if (lrng_type_num("CPU", "Entropy rate") != 0)
		SKIP(return, "needs random.trust_cpu=off");
	if (!lrng_param_writable(LRNG_MAX_WO_PARAM))
		SKIP(return, "built without CONFIG_LRNG_RUNTIME_MAX_WO_RESEED_CONFIG");
	lrng_moddir(dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/lrng_drbg.ko", dir);
	if (access(path, R_OK))
		SKIP(return, "no %s", path);

	ASSERT_EQ(0, lrng_load(dir, "lrng_drbg", ""));
	lrng_type_text(NULL, "SP800-90C compliant", val, sizeof(val));
	EXPECT_STREQ("true", val);
	again = lrng_kmsg_count("crng fully seeded again");

	ASSERT_EQ(0, lrng_force_fallback());
	fell = lrng_uptime();
	EXPECT_NE(0, lrng_getrandom(NULL, 0, GRND_NONBLOCK));
	ready = lrng_wait_ready(self->tty, fell + LRNG_SEED_BOUND, &writes);
	lrng_type_text(NULL, "Seeding stage", val, sizeof(val));
	EXPECT_LE(0, ready) {
		TH_LOG("not fully seeded again %.0f s after the fallback (%s)",
		       LRNG_SEED_BOUND,
		       ready == -2 ? "unexpected errno" : "timeout");
		TH_LOG("stage '%s', %ld bits needed, interrupts hold %ld, Jitter RNG %ld",
		       val, lrng_type_num(NULL, "Entropy for full seed in bits"),
		       lrng_type_num("IRQ", "Available entropy"),
		       lrng_type_num("JitterRNG", "Available entropy"));
	}
	if (ready >= 0)
		TH_LOG("fully seeded again %.2f s after the fallback (%ld serial lines written)",
		       ready - fell, writes);
	EXPECT_LT(again, lrng_kmsg_count("crng fully seeded again"));
	EXPECT_EQ(0, lrng_unload("lrng_drbg"));
}

TEST_HARNESS_MAIN
