// SPDX-License-Identifier: GPL-2.0
/*
 * The SP800-90B health tests of the LRNG's interrupt source, tripped by
 * the test kernel's stuck-noise injection
 * (/sys/kernel/debug/lrng_testing/lrng_health_stuck, which feeds N
 * interrupts with one constant time stamp through the source on the
 * writing CPU).  LRNG only, and only in a boot of its own (the harness's
 * special boot health-stuck): the injection disables the interrupt
 * source's credit until reboot.
 *
 * offline_while_recovering: CPU 1 passes its start-up test (1024 samples;
 * the serial port's interrupt is bound to it and serial traffic written
 * until /proc/lrng_type lists it under "Health test passed on CPUs",
 * bounded by LRNG_STARTUP_BOUND seconds), then an intermittent failure is
 * injected on it.  Taken offline, it must no longer hold back the source
 * ("Health test state" leaves "intermittent failure"); back online it
 * recovers again, and passes.
 *
 * stuck_noise: CPU 0 passes its start-up test the same way.  Then, at the
 * default rate (256 interrupts for 256 bits, H = 1 bit per sample) the
 * repetition count test fails at 21 equal samples:
 *  1. 30 stuck samples: one failure, intermittent: /proc/lrng_type shows
 *     "Health test state: intermittent failure", one more RCT failure, and
 *     the IRQ source's available entropy is 0;
 *  2. 2048 more: a failure during the recovery's start-up test is
 *     permanent: "permanent failure", available entropy 0;
 *  3. the LRNG still serves getrandom(2) from its other sources.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#pragma GCC diagnostic pop

#include "lrng_common.h"

#define LRNG_STUCK	"/sys/kernel/debug/lrng_testing/lrng_health_stuck"
#define LRNG_TRAFFIC_TTY	"/dev/ttyS0"
#define LRNG_TRAFFIC_LINE	"lrng_health_test: start-up\n"
#define LRNG_SERIAL_AFFINITY	"/proc/irq/4/smp_affinity_list"
#define LRNG_STARTUP_BOUND	90

static int lrng_stuck(unsigned int n)
{
	char buf[32];
	int fd, len, ret;

	fd = open(LRNG_STUCK, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	len = snprintf(buf, sizeof(buf), "%u\n", n);
	ret = write(fd, buf, len) == len ? 0 : -1;
	close(fd);
	return ret;
}

/* Expect " @key: @want" in the IRQ section; returns 0 or -1. */
static int lrng_irq_is(struct __test_metadata *_metadata, const char *key,
		       const char *want)
{
	char val[128];

	if (lrng_type_text("IRQ", key, val, sizeof(val))) {
		TH_LOG("no \"%s\" in the IRQ section", key);
		return -1;
	}
	if (strcmp(val, want)) {
		TH_LOG("%s: \"%s\", expected \"%s\"", key, val, want);
		return -1;
	}
	return 0;
}

#define EXPECT_IRQ(key, want) EXPECT_EQ(0, lrng_irq_is(_metadata, key, want))

FIXTURE(health) {
	int unused;
};

FIXTURE_SETUP(health)
{
	self->unused = 0;
}

FIXTURE_TEARDOWN(health)
{
}

/*
 * Serial traffic, its interrupt bound to @cpu, until @cpu passes its
 * start-up test (at most LRNG_STARTUP_BOUND seconds).  Returns the seconds
 * it took, or -1.
 */
static int lrng_health_startup(int cpu)
{
	char list[16];
	pid_t traffic;
	time_t start;
	int passed, fd, len;

	fd = open(LRNG_SERIAL_AFFINITY, O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		len = snprintf(list, sizeof(list), "%d\n", cpu);
		if (write(fd, list, len) != len)
			perror(LRNG_SERIAL_AFFINITY);
		close(fd);
	}
	start = time(NULL);
	traffic = lrng_traffic_start(LRNG_TRAFFIC_TTY, LRNG_TRAFFIC_LINE);
	if (traffic <= 0)
		return -1;
	while ((passed = lrng_health_cpu_passed(cpu)) == 0 &&
	       time(NULL) - start < LRNG_STARTUP_BOUND)
		usleep(100 * 1000);
	lrng_traffic_stop(traffic);
	return passed == 1 ? (int)(time(NULL) - start) : -1;
}

/*
 * A CPU that goes offline while its stream recovers from an intermittent
 * failure no longer holds back the whole source; once back online it must
 * pass a new start-up test, holding the source back again until it does.
 */
TEST_F_TIMEOUT(health, offline_while_recovering, 2 * LRNG_STARTUP_BOUND + 30)
{
	char state[64];
	long rct;

	ASSERT_EQ(0, access("/sys/devices/system/cpu/cpu1/online", W_OK));
	ASSERT_EQ(0, lrng_pin(1));
	ASSERT_LE(0, lrng_health_startup(1)) {
		TH_LOG("CPU 1 did not pass its start-up test in %d s",
		       LRNG_STARTUP_BOUND);
	}
	rct = lrng_type_num("IRQ", "Health test RCT failures");
	ASSERT_EQ(0, lrng_stuck(30));
	EXPECT_IRQ("Health test state", "intermittent failure");
	EXPECT_EQ(rct + 1, lrng_type_num("IRQ", "Health test RCT failures"));

	ASSERT_EQ(0, lrng_pin(0));
	ASSERT_EQ(0, lrng_cpu_set_online(1, 0));
	ASSERT_EQ(0, lrng_type_text("IRQ", "Health test state", state,
				    sizeof(state)));
	EXPECT_STRNE("intermittent failure", state) {
		TH_LOG("CPU 1 is offline, yet its recovery holds back the source");
	}

	ASSERT_EQ(0, lrng_cpu_set_online(1, 1));
	ASSERT_EQ(0, lrng_type_text("IRQ", "Health test state", state,
				    sizeof(state)));
	/* Unless CPU 1 passed its new start-up test already. */
	if (strcmp(state, "intermittent failure")) {
		EXPECT_EQ(1, lrng_health_cpu_passed(1)) {
			TH_LOG("CPU 1 is back in recovery, the state says \"%s\"",
			       state);
		}
	}
	ASSERT_EQ(0, lrng_pin(1));
	ASSERT_LE(0, lrng_health_startup(1));
	EXPECT_IRQ("Health test state", "ok");
}

/* The traffic may take up to LRNG_STARTUP_BOUND seconds. */
TEST_F_TIMEOUT(health, stuck_noise, LRNG_STARTUP_BOUND + 20)
{
	unsigned char out[32];
	char rate[32], val[128];
	long rct;
	int took;

	/* The injection tests one CPU's stream: stay on one CPU. */
	ASSERT_EQ(0, lrng_pin(0));

	ASSERT_EQ(0, lrng_type_text("IRQ", "Interrupts for 256 bits", rate,
				    sizeof(rate)));
	ASSERT_STREQ("256", rate) {
		TH_LOG("the cut-offs below are for the default rate");
	}
	EXPECT_IRQ("Health test RCT cut-off", "21");
	EXPECT_IRQ("Health test APT cut-off", "311 of 512");
	rct = lrng_type_num("IRQ", "Health test RCT failures");

	/* CPU 0's start-up test, from real interrupts. */
	took = lrng_health_startup(0);
	ASSERT_LE(0, took) {
		TH_LOG("CPU 0 did not pass its start-up test in %d s",
		       LRNG_STARTUP_BOUND);
	}
	TH_LOG("CPU 0 passed its start-up test after %d s of traffic", took);
	EXPECT_IRQ("Health test state", "ok");

	/* 1. One failure: intermittent, no credit. */
	ASSERT_EQ(0, lrng_stuck(30)) {
		TH_LOG("%s: %s", LRNG_STUCK, strerror(errno));
	}
	EXPECT_IRQ("Health test state", "intermittent failure");
	EXPECT_EQ(rct + 1, lrng_type_num("IRQ", "Health test RCT failures"));
	EXPECT_IRQ("Available entropy", "0");

	/* 2. Stuck during the recovery: permanent. */
	ASSERT_EQ(0, lrng_stuck(2048));
	EXPECT_IRQ("Health test state", "permanent failure");
	EXPECT_IRQ("Available entropy", "0");
	ASSERT_EQ(0, lrng_type_text("IRQ", "Health test RCT failures", val,
				    sizeof(val)));
	EXPECT_LE(1, atoi(val));

	/* 3. The other sources still serve random numbers. */
	EXPECT_EQ((long)sizeof(out), lrng_getrandom(out, sizeof(out), 0));
}

TEST_HARNESS_MAIN
