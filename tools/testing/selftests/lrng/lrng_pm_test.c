// SPDX-License-Identifier: GPL-2.0
/*
 * A suspend cycle reseeds, as random.c does.
 *
 * random.c reseeds when the system resumes from suspend and logs "crng
 * reseeded on system resumption"; the LRNG must do the same on every
 * kernel that can suspend. The test runs one suspend-to-idle cycle that
 * /sys/power/pm_test stops after the tasks are frozen (CONFIG_PM_DEBUG),
 * so no wakeup device is needed: the PM notifiers see PM_SUSPEND_PREPARE
 * and PM_POST_SUSPEND as in a real suspend. It needs root and a kernel
 * with CONFIG_SUSPEND and CONFIG_PM_DEBUG; otherwise it skips.
 */

#define _GNU_SOURCE
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#pragma GCC diagnostic pop

#include "lrng_common.h"

#define LRNG_PM_STATE		"/sys/power/state"
#define LRNG_PM_TEST		"/sys/power/pm_test"
#define LRNG_PM_RESEEDED	"crng reseeded on system resumption"

FIXTURE(pm) {
	bool armed;
};

FIXTURE_SETUP(pm)
{
	char states[256];

	self->armed = false;
	if (geteuid() != 0)
		SKIP(return, "needs root");
	if (lrng_read_file(LRNG_PM_STATE, states, sizeof(states)) <= 0 ||
	    !strstr(states, "freeze"))
		SKIP(return, "no suspend-to-idle (CONFIG_SUSPEND)");
	if (access(LRNG_PM_TEST, W_OK))
		SKIP(return, "no %s (CONFIG_PM_DEBUG)", LRNG_PM_TEST);
}

FIXTURE_TEARDOWN(pm)
{
	if (self->armed)
		lrng_write_str(LRNG_PM_TEST, "none");
}

TEST_F(pm, freeze_reseeds)
{
	unsigned char before[64], after[64];
	int logged, now;

	ASSERT_EQ((long)sizeof(before),
		  lrng_getrandom(before, sizeof(before), 0));
	logged = lrng_kmsg_count(LRNG_PM_RESEEDED);
	ASSERT_LE(0, logged);

	ASSERT_EQ(0, lrng_write_str(LRNG_PM_TEST, "freezer"));
	self->armed = true;
	ASSERT_EQ(0, lrng_write_str(LRNG_PM_STATE, "freeze"));
	ASSERT_EQ(0, lrng_write_str(LRNG_PM_TEST, "none"));
	self->armed = false;

	/* One reseed for the one resume, logged as random.c logs it. */
	now = lrng_kmsg_count(LRNG_PM_RESEEDED);
	EXPECT_EQ(logged + 1, now)
		TH_LOG("\"%s\" logged %d time(s) before the cycle, %d after",
		       LRNG_PM_RESEEDED, logged, now);
	ASSERT_EQ((long)sizeof(after), lrng_getrandom(after, sizeof(after), 0));
	EXPECT_NE(0, memcmp(before, after, sizeof(before)));
}

TEST_HARNESS_MAIN
