// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG virtual machine fork handling
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * Built with CONFIG_VMGENID.  When the hypervisor reports a new VM
 * generation ID, the ID is mixed in (unique, not secret, so uncredited), the
 * DRNG is reseeded at once, which publishes a new vDSO generation, and the
 * vmfork notifier chain (WireGuard) runs.
 *
 * Context: the vmgenid driver calls from a work item when the ID comes
 * through ACPI, but from its hard interrupt handler when it comes through
 * the device tree.  Outside process context nothing may sleep: the reseed
 * is done at once only when it can be done without waiting
 * (lrng_es_reseed_nosleep()): not while another seed operation runs (it
 * may have drawn before the fork, and may be the interrupted task on this
 * CPU) and not with a switched DRNG, which takes a mutex.  The notifier
 * chain is a blocking one (WireGuard's notifier takes a mutex), so there
 * it always runs from a work item, which first does the reseed left over:
 * the notifiers run in process context and after the reseed, as for a
 * call in process context.
 */

#include <linux/atomic.h>
#include <linux/notifier.h>
#include <linux/preempt.h>
#include <linux/random.h>
#include <linux/workqueue.h>

#include "lrng_drng_mgr.h"
#include "lrng_es_aux.h"
#include "lrng_es_mgr.h"
#include "lrng_ready.h"

static BLOCKING_NOTIFIER_HEAD(lrng_vmfork_chain);

/* A VM fork outside process context left the reseed to the work item. */
static atomic_t lrng_vmfork_reseed_pending = ATOMIC_INIT(0);

static void lrng_vmfork_reseeded(void)
{
	pr_notice("crng reseeded due to virtual machine fork\n");
}

/* Process context: wait for a seed operation that runs, then reseed. */
static void lrng_vmfork_reseed_sync(void)
{
	lrng_es_reseed_sync();
	lrng_vmfork_reseeded();
}

static void lrng_vmfork_notify(void)
{
	blocking_notifier_call_chain(&lrng_vmfork_chain, 0, NULL);
}

/* The rest of a VM fork reported outside process context. */
static void lrng_vmfork_workfn(struct work_struct *work)
{
	if (atomic_xchg(&lrng_vmfork_reseed_pending, 0))
		lrng_vmfork_reseed_sync();
	lrng_vmfork_notify();
}

static DECLARE_WORK(lrng_vmfork_work, lrng_vmfork_workfn);

/**
 * add_vmfork_randomness() - the VM was cloned or restored
 * @unique_vm_id: the new VM generation ID
 * @len: its length in bytes
 *
 * Callable in hard interrupt and softirq context, and in task context
 * where it may sleep.  In task context the DRNG is reseeded and the vmfork
 * notifiers have run when this returns.  Elsewhere the reseed is done at
 * once when that needs no sleep, and a work item does the rest soon: the
 * reseed when it was not done, then the notifiers.
 */
void __cold add_vmfork_randomness(const void *unique_vm_id, size_t len)
{
	add_device_randomness(unique_vm_id, len);
	if (in_task()) {
		if (lrng_ready())
			lrng_vmfork_reseed_sync();
		lrng_vmfork_notify();
		return;
	}
	if (lrng_ready()) {
		if (!lrng_es_reseed_nosleep())
			lrng_vmfork_reseeded();
		else
			atomic_set(&lrng_vmfork_reseed_pending, 1);
	}
	/* Queueing orders the flag before the work item's read of it. */
	schedule_work(&lrng_vmfork_work);
}

/* random.c exports it only for a modular vmgenid driver. */
#if IS_MODULE(CONFIG_VMGENID)
EXPORT_SYMBOL_GPL(add_vmfork_randomness);
#endif

/**
 * register_random_vmfork_notifier() - be told of VM forks
 * @nb: the notifier
 *
 * Return: 0 or -errno.
 */
int __cold register_random_vmfork_notifier(struct notifier_block *nb)
{
	return blocking_notifier_chain_register(&lrng_vmfork_chain, nb);
}
EXPORT_SYMBOL_GPL(register_random_vmfork_notifier);

/**
 * unregister_random_vmfork_notifier() - no longer be told of VM forks
 * @nb: the notifier
 *
 * Return: 0 or -errno.
 */
int __cold unregister_random_vmfork_notifier(struct notifier_block *nb)
{
	return blocking_notifier_chain_unregister(&lrng_vmfork_chain, nb);
}
EXPORT_SYMBOL_GPL(unregister_random_vmfork_notifier);
