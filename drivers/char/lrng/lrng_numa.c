// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG NUMA support: one DRNG instance per node
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

/**
 * DOC: NUMA
 *
 * On a machine with more than one possible NUMA node (CONFIG_NUMA), every
 * node gets a ChaCha20 DRNG instance of its own, allocated in the node's
 * memory by a work item once the LRNG is fully seeded (logged as "N DRNG
 * instances, one per NUMA node"), so that the per-CPU DRNGs of a node rekey
 * from a local instance and the nodes never share a cache line on the
 * output path.  The initial instance serves the first online node; each
 * other instance is keyed from it when allocated, so that it serves at
 * once, and from then on is reseeded from its own draw of the entropy
 * sources at every reseed of a fully seeded LRNG: instances never share
 * seed material.  The new generation of a reseed (which makes the per-CPU
 * batches refill and the vDSO re-key) is published only after every
 * node's instance was reseeded, so that no CPU tags output of its node's
 * old state with it.  A node whose draw would carry less than a reseed
 * needs keeps its state until the next reseed; a forced reseed
 * (RNDRESEEDCRNG) reseeds every node.  When a fallback to unseeded ends,
 * the nodes are keyed from the initial instance again.  Until the
 * instances exist, and when their allocation fails (logged as "no memory
 * for one DRNG per NUMA node"), the initial instance serves every node;
 * every later reseed of full strength tries the allocation again, until it
 * works.  A switched DRNG is one instance for all nodes.  While the DRBG
 * from boot serves, every reseed keys the nodes from the initial instance
 * instead of their own draws, so that they too derive from the DRBG alone.
 */

/*
 * lrng_numa_seed_nodes() reseeds the nodes, lrng_numa_rekey_nodes() keys
 * them from the initial instance; each instance is a struct lrng_drng of
 * lrng_drng_mgr.c.
 *
 * This file owns the instances' lifecycle and is the only one that walks
 * the nodes; the DRNG manager does the operations on one instance
 * (lrng_drng_inst_*()), and the entropy source manager calls the seeding
 * and rekeying of the nodes before it publishes a seed's generation
 * (lrng_drng_publish()).
 *
 * lrng_numa_drngs is written once, by the allocation work item, and never
 * freed; readers load it with acquire semantics.  The work item is the only
 * writer: a work item never runs twice at the same time.  The instances
 * have their own locks (struct lrng_drng).
 */

#include <linux/nodemask.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include <asm/barrier.h>

#include "lrng_definitions.h"
#include "lrng_drng_mgr.h"
#include "lrng_es_mgr.h"
#include "lrng_numa.h"
#include "lrng_switch.h"

/* One instance per possible node, indexed by node id; NULL until set. */
static struct lrng_drng **lrng_numa_drngs;

/*
 * The instances array once allocated, else NULL: the initial instance
 * serves every node.
 */
static struct lrng_drng **lrng_numa_instances(void)
{
	/* Pairs with the release in the work item: the instances are set. */
	return smp_load_acquire(&lrng_numa_drngs);
}

/**
 * lrng_numa_drng() - the DRNG instance of a NUMA node
 * @node: the node
 *
 * Return: the instance, or NULL while the initial instance serves all nodes.
 */
struct lrng_drng *lrng_numa_drng(int node)
{
	struct lrng_drng **drngs = lrng_numa_instances();

	return drngs ? drngs[node] : NULL;
}

static void lrng_numa_alloc_workfn(struct work_struct *work)
{
	struct lrng_drng **drngs;
	int node, n = 0;

	/* Pairs with the release below: a retry queued before it is done. */
	if (smp_load_acquire(&lrng_numa_drngs))
		return;
	drngs = kcalloc(nr_node_ids, sizeof(*drngs), GFP_KERNEL);
	if (!drngs)
		goto err;
	for_each_node(node) {
		if (node == first_online_node)
			drngs[node] = lrng_drng_init_instance();
		else
			drngs[node] = lrng_drng_node_alloc(node);
		if (!drngs[node])
			goto err_free;
		n++;
	}
	/* Pairs with lrng_numa_drng(): readers see initialised instances. */
	smp_store_release(&lrng_numa_drngs, drngs);
	pr_info("%d DRNG instances, one per NUMA node\n", n);
	return;

err_free:
	for_each_node(node)
		if (drngs[node] && drngs[node] != lrng_drng_init_instance())
			lrng_drng_node_free(drngs[node]);
	kfree(drngs);
err:
	pr_warn("no memory for one DRNG per NUMA node: one DRNG serves all nodes until a later reseed allocates them\n");
}

static DECLARE_WORK(lrng_numa_alloc_work, lrng_numa_alloc_workfn);

/**
 * lrng_numa_alloc() - give every NUMA node its DRNG instance
 *
 * Called at every seed of full strength once workqueues exist, in any
 * context but NMI; the allocation runs in a work item until it succeeded.
 */
void lrng_numa_alloc(void)
{
	/* Pairs with the release in the work item: allocated already. */
	if (num_possible_nodes() <= 1 || smp_load_acquire(&lrng_numa_drngs))
		return;
	queue_work(system_unbound_wq, &lrng_numa_alloc_work);
}

/**
 * lrng_numa_seed_nodes() - reseed the NUMA nodes' DRNG instances
 * @force: seed even when the sources hold too little entropy
 *
 * Every node but the first (whose instance is the initial one, seeded by
 * the caller) takes its own draw of the entropy sources; a node whose draw
 * would be too small keeps its state and tries again at the next reseed.
 * While the DRBG from boot serves, every node is keyed from the initial
 * instance instead, which the DRBG keyed: no entropy source seeds a
 * ChaCha20 DRNG then.  Called by the entropy source manager at a reseed of
 * a fully seeded LRNG, before it publishes the seed's generation.
 */
void lrng_numa_seed_nodes(bool force)
{
	struct lrng_drng **drngs = lrng_numa_instances();
	struct lrng_drng *init = lrng_drng_init_instance();
	struct lrng_seed_buf sb;
	bool full;
	int node;

	if (!drngs)
		return;
	if (lrng_drng_boot_drbg()) {
		lrng_numa_rekey_nodes();
		return;
	}
	for_each_node(node) {
		if (drngs[node] == init)
			continue;
		if (lrng_es_draw(&sb, force, &full)) {
			lrng_drng_inst_skipped(drngs[node]);
			continue;
		}
		lrng_drng_inst_seed(drngs[node], &sb, sizeof(sb), full);
		lrng_es_draw_used(&sb);
	}
}

/* Apply @op to the instance of every node that has one of its own. */
static void lrng_numa_each_own(void (*op)(struct lrng_drng *drng))
{
	struct lrng_drng **drngs = lrng_numa_instances();
	struct lrng_drng *init = lrng_drng_init_instance();
	int node;

	if (!drngs)
		return;
	for_each_node(node)
		if (drngs[node] != init)
			op(drngs[node]);
}

/**
 * lrng_numa_rekey_nodes() - seed the NUMA nodes' instances from the initial
 *
 * When a fallback to unseeded ends, the nodes' instances still hold their
 * state from before it: each takes a seed of full strength from the
 * freshly seeded initial instance, as at its allocation.  Called by the
 * entropy source manager before it publishes the seed's generation.
 */
void lrng_numa_rekey_nodes(void)
{
	lrng_numa_each_own(lrng_drng_inst_rekey);
}

/**
 * lrng_numa_skipped() - a reseed found too little entropy
 *
 * The nodes' instances go on with their state, as the initial one does.
 */
void lrng_numa_skipped(void)
{
	lrng_numa_each_own(lrng_drng_inst_skipped);
}

/**
 * lrng_numa_force_reseed() - make the nodes' instances reseed before output
 */
void lrng_numa_force_reseed(void)
{
	lrng_numa_each_own(lrng_drng_inst_force_reseed);
}

/**
 * lrng_numa_state() - the DRNG instance lines of /proc/lrng_type
 * @m: seq_file to write to
 *
 * Return: false, having written nothing, while the initial instance serves
 * every node.
 */
bool lrng_numa_state(struct seq_file *m)
{
	struct lrng_drng **drngs = lrng_numa_instances();
	int node;

	if (!drngs)
		return false;
	seq_printf(m, "Number of DRNG instances: %u\n", num_possible_nodes());
	for_each_node(node)
		lrng_drng_inst_state(m, node, drngs[node]);
	return true;
}
