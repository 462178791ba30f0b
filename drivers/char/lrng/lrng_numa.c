// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG NUMA support: one DRNG instance per node
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * On a machine with more than one possible NUMA node, every node gets its
 * own DRNG instance (lrng_drng_mgr.c), allocated in its own memory once the
 * LRNG is fully seeded, so that the per-CPU DRNGs of a node rekey from a
 * local instance and the nodes never share a cache line on the output path.
 * The initial instance serves the first online node; the others are keyed
 * from it, then reseeded from their own draw of the entropy sources at
 * every reseed (lrng_es_mgr.c).  Until the array exists, and when its
 * allocation fails (logged), the initial instance serves every node; every
 * later reseed of full strength tries the allocation again, until it works.
 *
 * lrng_numa_drngs is written once, by the allocation work item, and never
 * freed; readers load it with acquire semantics.  The work item is the only
 * writer: a work item never runs twice at the same time.
 */

#include <linux/nodemask.h>
#include <linux/slab.h>
#include <linux/workqueue.h>
#include <asm/barrier.h>

#include "lrng_drng_mgr.h"
#include "lrng_numa.h"

/* One instance per possible node, indexed by node id; NULL until set. */
static struct lrng_drng **lrng_numa_drngs;

/**
 * lrng_numa_drng() - the DRNG instance of a NUMA node
 * @node: the node
 *
 * Return: the instance, or NULL while the initial instance serves all nodes.
 */
struct lrng_drng *lrng_numa_drng(int node)
{
	/* Pairs with the release in the work item: the instances are set. */
	struct lrng_drng **drngs = smp_load_acquire(&lrng_numa_drngs);

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
