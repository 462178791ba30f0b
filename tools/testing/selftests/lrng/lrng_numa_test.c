// SPDX-License-Identifier: GPL-2.0
/*
 * One LRNG DRNG instance per NUMA node
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * On a machine with two or more NUMA nodes (QEMU -numa), /proc/lrng_type
 * lists one DRNG instance per node once the LRNG is fully seeded.  A reader
 * pinned to a CPU of a node is served by that node's instance: its
 * "generate calls" grow by at least the calls the reader made (while the
 * ChaCha20 DRNGs serve user space, that is no extension switched the DRNG:
 * a switched DRNG is one instance for all nodes).  A forced
 * reseed (RNDRESEEDCRNG) reseeds every instance: each generation moves.
 * After a fallback to unseeded, forced through the instance of the last
 * node, the seed that makes the LRNG fully seeded again (from the CPU
 * source) reaches every instance too: each generation moves.
 * Skipped on a machine with one node.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/random.h>

#include "../kselftest_harness.h"
#include "lrng_common.h"

#define LRNG_PROC		"/proc/lrng_type"
#define LRNG_MAX_NODES		8
#define LRNG_CHUNK		65536
#define LRNG_CHUNKS		32
/* Generate calls of one LRNG_CHUNK read: 4096 bytes each. */
#define LRNG_CALLS_PER_CHUNK	(LRNG_CHUNK / 4096)

struct lrng_instance {
	unsigned long generation;
	unsigned long long calls;
	bool present;
};

/* Parse the instances of /proc/lrng_type; returns their number or -1. */
static int lrng_instances(struct lrng_instance inst[LRNG_MAX_NODES])
{
	static char buf[16384];
	char *line, *save;
	int n = -1, node;
	unsigned long gen;
	unsigned long long calls;

	memset(inst, 0, sizeof(*inst) * LRNG_MAX_NODES);
	if (lrng_read_file(LRNG_PROC, buf, sizeof(buf)) < 0)
		return -1;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "Number of DRNG instances: %d", &n) == 1)
			continue;
		if (sscanf(line,
			   "DRNG instance of NUMA node %d: generation %lu, generate calls %llu",
			   &node, &gen, &calls) == 3 &&
		    node >= 0 && node < LRNG_MAX_NODES) {
			inst[node].generation = gen;
			inst[node].calls = calls;
			inst[node].present = true;
		}
	}
	return n;
}

/* Whether the per-node ChaCha20 DRNGs serve user space (no switch). */
static bool lrng_served_by_chacha20(void)
{
	static char buf[16384];

	if (lrng_read_file(LRNG_PROC, buf, sizeof(buf)) < 0)
		return false;
	return strstr(buf, "\nDRNG name: ChaCha20\n") ||
	       !strncmp(buf, "DRNG name: ChaCha20\n", 20);
}

/* The online nodes with CPUs, and the first CPU of each. */
static int lrng_nodes(int cpu_of[LRNG_MAX_NODES])
{
	char path[96], list[256];
	int node, n = 0;

	for (node = 0; node < LRNG_MAX_NODES; node++) {
		cpu_of[node] = -1;
		snprintf(path, sizeof(path),
			 "/sys/devices/system/node/node%d/cpulist", node);
		if (lrng_read_file(path, list, sizeof(list)) <= 0)
			continue;
		if (list[0] < '0' || list[0] > '9')
			continue;
		cpu_of[node] = strtol(list, NULL, 10);
		n++;
	}
	return n;
}

FIXTURE(lrng_numa) {
	int cpu_of[LRNG_MAX_NODES];
	int nodes;
};

FIXTURE_SETUP(lrng_numa)
{
	struct lrng_instance inst[LRNG_MAX_NODES];
	int i;

	if (access(LRNG_PROC, R_OK))
		SKIP(return, "no %s: not an LRNG kernel", LRNG_PROC);
	self->nodes = lrng_nodes(self->cpu_of);
	if (self->nodes < 2)
		SKIP(return, "%d NUMA node(s) with CPUs: need two", self->nodes);
	/* The instances appear once the LRNG is fully seeded. */
	for (i = 0; i < 100; i++) {
		if (lrng_instances(inst) >= self->nodes)
			break;
		usleep(100000);
	}
}

FIXTURE_TEARDOWN(lrng_numa)
{
}

/* One instance per node, each listed. */
TEST_F(lrng_numa, one_instance_per_node)
{
	struct lrng_instance inst[LRNG_MAX_NODES];
	int node;

	ASSERT_EQ(self->nodes, lrng_instances(inst));
	for (node = 0; node < LRNG_MAX_NODES; node++) {
		if (self->cpu_of[node] < 0)
			continue;
		EXPECT_TRUE(inst[node].present)
			TH_LOG("node %d has no DRNG instance line", node);
		EXPECT_GT(inst[node].generation, 0UL);
	}
}

/* A reader pinned to a node's CPU is served by that node's instance. */
TEST_F(lrng_numa, readers_served_by_their_node)
{
	struct lrng_instance before[LRNG_MAX_NODES], after[LRNG_MAX_NODES];
	unsigned char *buf = malloc(LRNG_CHUNK);
	cpu_set_t set;
	int node, i;

	ASSERT_NE(NULL, buf);
	if (!lrng_served_by_chacha20())
		SKIP(free(buf); return,
		     "user space is served by a switched DRNG, one instance");
	for (node = 0; node < LRNG_MAX_NODES; node++) {
		if (self->cpu_of[node] < 0)
			continue;
		CPU_ZERO(&set);
		CPU_SET(self->cpu_of[node], &set);
		ASSERT_EQ(0, sched_setaffinity(0, sizeof(set), &set));
		ASSERT_EQ(self->nodes, lrng_instances(before));
		for (i = 0; i < LRNG_CHUNKS; i++)
			ASSERT_EQ(LRNG_CHUNK, lrng_getrandom(buf, LRNG_CHUNK, 0));
		ASSERT_EQ(self->nodes, lrng_instances(after));
		TH_LOG("node %d (CPU %d): generate calls %llu -> %llu",
		       node, self->cpu_of[node], before[node].calls,
		       after[node].calls);
		EXPECT_GE(after[node].calls - before[node].calls,
			  (unsigned long long)LRNG_CHUNKS * LRNG_CALLS_PER_CHUNK);
	}
	free(buf);
}

/* RNDRESEEDCRNG reseeds every node's instance. */
TEST_F(lrng_numa, forced_reseed_reaches_every_node)
{
	struct lrng_instance before[LRNG_MAX_NODES], after[LRNG_MAX_NODES];
	int fd, node;

	ASSERT_EQ(self->nodes, lrng_instances(before));
	fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, ioctl(fd, RNDRESEEDCRNG));
	close(fd);
	ASSERT_EQ(self->nodes, lrng_instances(after));
	for (node = 0; node < LRNG_MAX_NODES; node++) {
		if (self->cpu_of[node] < 0)
			continue;
		EXPECT_NE(before[node].generation, after[node].generation)
			TH_LOG("node %d: generation stayed %lu", node,
			       after[node].generation);
	}
}

/* The seed that ends a fallback to unseeded reaches every node's instance. */
TEST_F(lrng_numa, fallback_ends_on_every_node)
{
	struct lrng_instance before[LRNG_MAX_NODES], after[LRNG_MAX_NODES];
	int node, last = -1, i;
	cpu_set_t set;

	if (geteuid() != 0)
		SKIP(return, "needs root");
	if (!lrng_param_writable(LRNG_MAX_WO_PARAM))
		SKIP(return, "built without CONFIG_LRNG_RUNTIME_MAX_WO_RESEED_CONFIG");
	if (lrng_type_num("CPU", "Available entropy") < 256)
		SKIP(return, "needs a credited CPU source to seed fully again");
	if (!lrng_served_by_chacha20())
		SKIP(return, "user space is served by a switched DRNG, one instance");
	for (node = 0; node < LRNG_MAX_NODES; node++)
		if (self->cpu_of[node] >= 0)
			last = node;
	CPU_ZERO(&set);
	CPU_SET(self->cpu_of[last], &set);
	ASSERT_EQ(0, sched_setaffinity(0, sizeof(set), &set));

	ASSERT_EQ(self->nodes, lrng_instances(before));
	ASSERT_EQ(0, lrng_force_fallback());
	ASSERT_TRUE(lrng_ready_within(5000));
	ASSERT_EQ(self->nodes, lrng_instances(after));
	for (node = 0; node < LRNG_MAX_NODES; node++) {
		if (self->cpu_of[node] < 0)
			continue;
		EXPECT_NE(before[node].generation, after[node].generation)
			TH_LOG("node %d: generation stayed %lu after the fallback ended",
			       node, after[node].generation);
	}
	CPU_ZERO(&set);
	for (i = 0; i < CPU_SETSIZE; i++)
		CPU_SET(i, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

TEST_HARNESS_MAIN
