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
 */

#include <linux/notifier.h>
#include <linux/random.h>

#include "lrng_es_aux.h"
#include "lrng_es_mgr.h"

static BLOCKING_NOTIFIER_HEAD(lrng_vmfork_chain);

/**
 * add_vmfork_randomness() - the VM was cloned or restored
 * @unique_vm_id: the new VM generation ID
 * @len: its length in bytes
 */
void __cold add_vmfork_randomness(const void *unique_vm_id, size_t len)
{
	add_device_randomness(unique_vm_id, len);
	if (lrng_ready()) {
		lrng_es_reseed_sync();
		pr_notice("crng reseeded due to virtual machine fork\n");
	}
	blocking_notifier_call_chain(&lrng_vmfork_chain, 0, NULL);
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
