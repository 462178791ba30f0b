// SPDX-License-Identifier: GPL-2.0
/*
 * Fault injection in the LRNG's own allocations
 *
 * Needs a kernel with CONFIG_FAILSLAB, CONFIG_FAIL_PAGE_ALLOC,
 * CONFIG_FAULT_INJECTION_DEBUG_FS and CONFIG_FAULT_INJECTION_STACKTRACE_FILTER
 * (the harness's distro kernel) and a boot in which no credited entropy
 * source is on (random.trust_cpu=off random.trust_bootloader=off
 * lrng_es_jent.jitterrng=0 lrng_es_irq.irq_entropy=4294967295
 * lrng_es_sched.sched_entropy=0), so that this test decides when the
 * LRNG becomes fully seeded: RNDADDENTROPY.
 *
 * numa_instances_allocated_after_failures (two NUMA nodes): failslab, its
 * stack filter on lrng_numa_alloc_workfn(), fails one allocation of the
 * per-node DRNG instances at each full seed, the first one past a growing
 * budget of bytes: first the node array, then the second node's instance.
 * Each failure is logged, leaves one instance serving both nodes and
 * getrandom(2) serving; the next seed of full strength tries again.  Once
 * the budget covers every allocation the instances appear, one per node.
 *
 * large_reads_allocate_nothing: a read goes through a 512-byte block on the
 * stack, whatever its length.  With fail_page_alloc armed through
 * /proc/thread-self/fail-nth for the next page allocation of the thread, a
 * 4 KiB getrandom(2) and a 64 KiB read(2) of /dev/urandom are complete and
 * fresh, and the allocation they would fail never came: fail-nth is still
 * armed afterwards.  Every file is opened before fail-nth is armed and
 * fail-nth is read back through the same descriptor (pread), because an
 * open may allocate a page.  A control shows that the armed fail-nth does
 * catch such a page allocation: a read of /proc/self/cmdline takes a
 * GFP_KERNEL page, as the LRNG's reads once did, and fails with ENOMEM.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/random.h>

#include "../kselftest_harness.h"
#include "lrng_common.h"

#define LRNG_FAIL_PAGE		"/sys/kernel/debug/fail_page_alloc/"
#define LRNG_FAIL_NTH		"/proc/thread-self/fail-nth"
#define LRNG_NUMA_FAILED	"no memory for one DRNG per NUMA node"
#define LRNG_NUMA_DONE		"DRNG instances, one per NUMA node"
/* Slab bytes the allocation may take before the failure: 16 per step. */
#define LRNG_BUDGET_STEP	16
#define LRNG_BUDGET_MAX		4096
/* Milliseconds to wait for the allocation's work item or for readiness. */
#define LRNG_WAIT_MS		10000

/* NUMA nodes with CPUs. */
static int lrng_numa_nodes(void)
{
	char path[96], list[256];
	int node, n = 0;

	for (node = 0; node < 64; node++) {
		snprintf(path, sizeof(path),
			 "/sys/devices/system/node/node%d/cpulist", node);
		if (lrng_read_file(path, list, sizeof(list)) > 0 &&
		    list[0] >= '0' && list[0] <= '9')
			n++;
	}
	return n;
}

/* Wait until the log has more than @before lines with either message. */
static bool lrng_wait_attempt(int failed_before, int done_before)
{
	int ms;

	for (ms = 0; ms < LRNG_WAIT_MS; ms += 10) {
		if (lrng_kmsg_count(LRNG_NUMA_FAILED) > failed_before ||
		    lrng_kmsg_count(LRNG_NUMA_DONE) > done_before)
			return true;
		usleep(10000);
	}
	return false;
}

/* RNDRESEEDCRNG on /dev/urandom. */
static int lrng_reseed(void)
{
	int fd = open("/dev/urandom", O_WRONLY | O_CLOEXEC), ret;

	if (fd < 0)
		return -1;
	ret = ioctl(fd, RNDRESEEDCRNG);
	close(fd);
	return ret;
}

TEST(numa_instances_allocated_after_failures)
{
	int failed = 0, failed_before, done_before, budget, nodes, ret;
	unsigned char buf[4096];
	char times[16];
	bool done = false;

	if (access(LRNG_TYPE, R_OK))
		SKIP(return, "no %s: not an LRNG kernel", LRNG_TYPE);
	nodes = lrng_numa_nodes();
	if (nodes < 2)
		SKIP(return, "%d NUMA node(s) with CPUs: need two", nodes);
	if (access(LRNG_FAILSLAB "require-start", W_OK))
		SKIP(return, "no %srequire-start: no failslab stack filter",
		     LRNG_FAILSLAB);
	if (lrng_getrandom(buf, 1, GRND_NONBLOCK) == 1)
		SKIP(return, "fully seeded already: needs a boot with every credited source off");
	ASSERT_EQ(1, lrng_type_num(NULL, "Number of DRNG instances"));

	/* The allocation runs in a kworker, not in this task. */
	ASSERT_EQ(0, lrng_failslab_arm("lrng_numa_alloc_workfn", false));

	for (budget = 0; budget < LRNG_BUDGET_MAX && !done;
	     budget += LRNG_BUDGET_STEP) {
		failed_before = lrng_kmsg_count(LRNG_NUMA_FAILED);
		done_before = lrng_kmsg_count(LRNG_NUMA_DONE);
		ASSERT_EQ(0, lrng_failslab("space", budget));
		ASSERT_EQ(0, lrng_failslab("times", 1));

		/*
		 * One seed of full strength: the credit makes the LRNG fully
		 * seeded the first time, a forced reseed takes it after that.
		 */
		ASSERT_EQ(0, lrng_credit(256));
		ret = budget ? lrng_reseed() : !lrng_ready_within(LRNG_WAIT_MS);
		ASSERT_EQ(0, ret) TH_LOG("no full seed with budget %d", budget);
		ASSERT_TRUE(lrng_wait_attempt(failed_before, done_before))
			TH_LOG("no allocation attempt logged with budget %d",
			       budget);

		ASSERT_LT(0, lrng_read_file(LRNG_FAILSLAB "times", times,
					    sizeof(times)));
		if (times[0] == '0') {
			/* Injected: logged, one instance, still serving. */
			failed++;
			EXPECT_EQ(failed_before + 1,
				  lrng_kmsg_count(LRNG_NUMA_FAILED));
			EXPECT_EQ(done_before, lrng_kmsg_count(LRNG_NUMA_DONE));
			EXPECT_EQ(1, lrng_type_num(NULL, "Number of DRNG instances"));
		} else {
			done = true;
			EXPECT_EQ(done_before + 1,
				  lrng_kmsg_count(LRNG_NUMA_DONE));
		}
		EXPECT_EQ((long)sizeof(buf),
			  lrng_getrandom(buf, sizeof(buf), GRND_NONBLOCK));
	}
	lrng_failslab_disarm();
	TH_LOG("%d attempts failed, allocated with a budget of %d bytes",
	       failed, budget - LRNG_BUDGET_STEP);
	ASSERT_TRUE(done);
	/* The node array and at least the second node's instance failed. */
	EXPECT_LE(2, failed);
	EXPECT_EQ(nodes, lrng_type_num(NULL, "Number of DRNG instances"));
	/* Allocated once: further seeds do not allocate again. */
	ASSERT_EQ(0, lrng_credit(256));
	ASSERT_EQ(0, lrng_reseed());
	usleep(200000);
	EXPECT_EQ(done_before + 1, lrng_kmsg_count(LRNG_NUMA_DONE));
}

/* Write @val to fail-nth through @fd, an open descriptor of it. */
static int lrng_nth_set(int fd, const char *val)
{
	ssize_t len = strlen(val);

	return pwrite(fd, val, len, 0) == len ? 0 : -1;
}

/* The first character of fail-nth read through @fd, '?' on error. */
static char lrng_nth_get(int fd)
{
	char nth[16];

	return pread(fd, nth, sizeof(nth), 0) > 0 ? nth[0] : '?';
}

/* Not all zeros and not the same as @prev: fresh output. */
static bool lrng_fresh(const unsigned char *buf, const unsigned char *prev,
		       size_t len)
{
	size_t i;

	for (i = 0; i < len && !buf[i]; i++)
		;
	return i < len && memcmp(buf, prev, len);
}

TEST(large_reads_allocate_nothing)
{
	static unsigned char buf[65536], prev[65536];
	int fd, nfd, err;
	ssize_t n;
	char nth;

	if (access(LRNG_TYPE, R_OK))
		SKIP(return, "no %s: not an LRNG kernel", LRNG_TYPE);
	if (access(LRNG_FAIL_PAGE "min-order", W_OK) ||
	    access(LRNG_FAIL_NTH, W_OK))
		SKIP(return, "no fail_page_alloc or %s", LRNG_FAIL_NTH);
	ASSERT_TRUE(lrng_ready_within(LRNG_WAIT_MS));
	/* Order-0 GFP_KERNEL pages may fail; nothing else is set. */
	ASSERT_EQ(0, lrng_write_str(LRNG_FAIL_PAGE "verbose", "0"));
	ASSERT_EQ(0, lrng_write_str(LRNG_FAIL_PAGE "min-order", "0"));
	ASSERT_EQ(0, lrng_write_str(LRNG_FAIL_PAGE "ignore-gfp-wait", "N"));
	/* The user buffers are faulted in before: only the read could count. */
	memset(buf, 0, sizeof(buf));
	memset(prev, 0, sizeof(prev));
	ASSERT_EQ(4096, lrng_getrandom(prev, 4096, 0));
	nfd = open(LRNG_FAIL_NTH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, nfd);

	/* getrandom(2): no allocation, so fail-nth stays armed. */
	ASSERT_EQ(0, lrng_nth_set(nfd, "1"));
	n = lrng_getrandom(buf, 4096, 0);
	nth = lrng_nth_get(nfd);
	ASSERT_EQ(0, lrng_nth_set(nfd, "0"));
	EXPECT_EQ('1', nth)
		TH_LOG("fail-nth is %c: the read allocated a page", nth);
	EXPECT_EQ(4096, n);
	EXPECT_TRUE(lrng_fresh(buf, prev, 4096));

	/* read(2) of /dev/urandom, 64 KiB: 128 blocks from the stack. */
	memcpy(prev, buf, 4096);
	fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, lrng_nth_set(nfd, "1"));
	n = read(fd, buf, sizeof(buf));
	nth = lrng_nth_get(nfd);
	ASSERT_EQ(0, lrng_nth_set(nfd, "0"));
	close(fd);
	EXPECT_EQ('1', nth)
		TH_LOG("fail-nth is %c: the read allocated a page", nth);
	EXPECT_EQ((ssize_t)sizeof(buf), n);
	EXPECT_TRUE(lrng_fresh(buf, prev, 4096));
	EXPECT_TRUE(lrng_fresh(buf + sizeof(buf) - 4096, prev, 4096));

	/* Control: /proc/self/cmdline takes a page, which fail-nth fails. */
	fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, lrng_nth_set(nfd, "1"));
	n = read(fd, buf, 64);
	err = errno;
	nth = lrng_nth_get(nfd);
	ASSERT_EQ(0, lrng_nth_set(nfd, "0"));
	close(fd);
	close(nfd);
	EXPECT_EQ(-1, n);
	EXPECT_EQ(ENOMEM, err);
	EXPECT_EQ('0', nth);

	lrng_write_str(LRNG_FAIL_PAGE "min-order", "1");
	lrng_write_str(LRNG_FAIL_PAGE "ignore-gfp-wait", "Y");
}

TEST_HARNESS_MAIN
