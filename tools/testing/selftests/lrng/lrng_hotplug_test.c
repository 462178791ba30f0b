// SPDX-License-Identifier: GPL-2.0
/*
 * Random numbers across CPU hotplug.
 *
 * Takes CPU 1 offline and online again (root, a kernel with
 * CONFIG_HOTPLUG_CPU and at least two CPUs; otherwise the test skips) and
 * checks that getrandom(2) keeps serving on every CPU, that the CPU that
 * came back hands out fresh output, and that /proc/lrng_type, where it
 * exists, is still readable.
 */

#define _GNU_SOURCE
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#pragma GCC diagnostic pop

#include <sched.h>

#include "lrng_common.h"

#define LRNG_CPU1_ONLINE	"/sys/devices/system/cpu/cpu1/online"

FIXTURE(hotplug) {
	bool offlined;
};

FIXTURE_SETUP(hotplug)
{
	self->offlined = false;
	if (geteuid() != 0)
		SKIP(return, "needs root");
	if (access(LRNG_CPU1_ONLINE, W_OK))
		SKIP(return, "CPU 1 cannot be taken offline here");
}

FIXTURE_TEARDOWN(hotplug)
{
	if (self->offlined)
		lrng_cpu_set_online(1, 1);
	lrng_pin(0);
}

TEST_F(hotplug, offline_online)
{
	unsigned char before[64], after[64], buf[4096];
	char text[8192];
	int i;

	ASSERT_EQ(0, lrng_pin(1));
	ASSERT_EQ((long)sizeof(before),
		  lrng_getrandom(before, sizeof(before), 0));
	ASSERT_EQ(0, lrng_pin(0));

	ASSERT_EQ(0, lrng_cpu_set_online(1, 0));
	self->offlined = true;
	for (i = 0; i < 16; i++)
		ASSERT_EQ((long)sizeof(buf), lrng_getrandom(buf, sizeof(buf), 0));
	if (!access("/proc/lrng_type", F_OK))
		EXPECT_LT(0, lrng_read_file("/proc/lrng_type", text,
					    sizeof(text)));

	ASSERT_EQ(0, lrng_cpu_set_online(1, 1));
	self->offlined = false;
	ASSERT_EQ(0, lrng_pin(1));
	ASSERT_EQ((long)sizeof(after), lrng_getrandom(after, sizeof(after), 0));
	EXPECT_NE(0, memcmp(before, after, sizeof(before)));
	ASSERT_EQ((long)sizeof(buf), lrng_getrandom(buf, sizeof(buf), 0));
	EXPECT_NE(0, memcmp(buf, buf + 2048, 64));
}

TEST_HARNESS_MAIN
