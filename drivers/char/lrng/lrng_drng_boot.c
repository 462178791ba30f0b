// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG: the SP800-90A DRBG serving from boot
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

/**
 * DOC: The DRBG from boot
 *
 * CONFIG_LRNG_DRNG_BOOT_DRBG builds the DRBG extension in and makes its
 * SP800-90A DRBG the DRNG that every output derives from, for a FIPS 140-3
 * security policy.  The kernel crypto API's DRBG (crypto/drbg.c) can only
 * be reached through crypto_alloc_rng() once it is registered:
 *
 * - Until the DRBG takes over, the ChaCha20 DRNGs seeded from the entropy
 *   sources serve every caller, as without the option: the early in-kernel
 *   requests (stack protector canaries, slab freelist randomisation, the
 *   first get_random_u32() calls), and the usermode helpers the kernel
 *   may start from the initramfs before the takeover (request_module(),
 *   a uevent helper); init has not run yet.
 * - It takes over at device_initcall_sync.  crypto/drbg.c registers the
 *   DRBGs at subsys_initcall and the crypto manager (crypto/algboss.c)
 *   its notifier at arch_initcall, but in FIPS mode the DRBG's instantiation
 *   fails without the Jitter RNG (crypto/jitterentropy-kcapi.c), which
 *   registers at device_initcall; device_initcall_sync is the first level
 *   after it, whatever the link order.  crypto_alloc_rng() waits for the
 *   DRBG's self-tests of crypto/testmgr.c, which the crypto API starts for
 *   this lookup (it starts those of the other algorithms at
 *   late_initcall), so that they run before its first output; with fips=1
 *   a failure panics there.
 * - The takeover is lrng_set_drng_cb() with the DRBG (seeded from the
 *   ChaCha20 DRNG, which it then reseeds from) and SHA-512, followed by a
 *   forced reseed: the entropy source manager's seed goes to the DRBG's
 *   reseed, and 32 bytes of the DRBG's output drawn right after it replace
 *   the state of the initial ChaCha20 instance; every NUMA node's instance
 *   is replaced by 32 bytes of the initial instance's output.  Publishing
 *   that seed's generation makes every CPU replace its ChaCha20 DRNG with
 *   32 bytes of its node's instance before its next output, drops the
 *   per-CPU batches and makes the vDSO fetch new keys.
 *
 * From then on, for the rest of the boot:
 *
 * - getrandom(2), /dev/random and /dev/urandom, whatever the size of the
 *   read, and with them the vDSO's keys (which it takes with
 *   getrandom(2)), are output of the DRBG.  init starts after the
 *   takeover, so that every byte it and its descendants read is.
 * - get_random_bytes(), get_random_u8() .. get_random_u64() and the
 *   per-CPU batch come from the per-CPU ChaCha20 DRNGs, callable in any
 *   context (the DRBG takes a mutex).  Their state is derived from the
 *   DRBG alone, as above, and replaced the same way at every reseed of the
 *   DRBG (every seed of the entropy source manager: the reseed interval,
 *   the reseed threshold, RNDRESEEDCRNG, a VM fork, resume).  No entropy
 *   source seeds a ChaCha20 DRNG: a seed in a context that cannot take the
 *   DRBG's mutex (a VM fork reported in an interrupt) goes to a work item
 *   that seeds the DRBG.
 * - The DRBG draws entropy itself at each seed (get_random_bytes(), which
 *   is then ChaCha20 output keyed from the DRBG and adds no entropy, and in
 *   FIPS mode the Jitter RNG), besides the LRNG's seed, which it takes as
 *   additional input.  crypto/drbg.c also reseeds the DRBG on its own from
 *   get_random_bytes() alone (300 seconds after its last seed, and while
 *   the LRNG is not fully seeded); such a reseed adds no entropy and does
 *   not rekey the ChaCha20 DRNGs, which the DRBG rekeys at every seed the
 *   LRNG gives it, at most LRNG_DRNG_RESEED_MAX_TIME (600) seconds apart.
 * - The DRBG stays: no extension can replace it (lrng_set_drng_cb() gives
 *   EBUSY).  In FIPS mode a failure of the takeover or of any later seed or
 *   generate call of the DRBG panics, so that nothing is output without
 *   it; without fips=1 such a failure is logged and the ChaCha20 DRNGs
 *   serve the caller, seeded from the entropy sources, as the extension
 *   does at run time.
 *
 * A test kernel shows which DRNG served each path in the debugfs file
 * lrng_testing/lrng_drng_origin (CONFIG_LRNG_TEST_DRNG_ORIGIN).
 */

/*
 * In the code: the DRBG extension (lrng_drbg.c) takes over at
 * lrng_drbg_initcall() (lrng_switch.h) through lrng_set_drng_cb(), which
 * calls lrng_drng_boot_takeover() when it is done.  The rule that the
 * ChaCha20 DRNGs take nothing but DRBG output lives with their owners, on
 * lrng_drng_boot_drbg(): the DRNG manager replaces an instance's state
 * with a DRBG key and refuses seeds it cannot pass through the DRBG
 * (lrng_drng_mgr.c), the NUMA code keys the nodes from the initial
 * instance (lrng_numa.c), and lrng_set_drng_cb() keeps the DRBG.
 */

#include <linux/fips.h>
#include <linux/kernel.h>
#include <linux/printk.h>

#include "lrng_es_mgr.h"
#include "lrng_switch.h"

/**
 * lrng_drng_boot_failed() - a step of the DRBG from boot failed
 * @what: the step, for the message
 * @err: its negative errno
 *
 * In FIPS mode nothing may be output without the DRBG: panic.  Otherwise
 * the caller goes on with the ChaCha20 DRNGs, as the run-time extension
 * does.
 */
void lrng_drng_boot_failed(const char *what, int err)
{
	if (fips_enabled)
		panic("random: DRBG from boot: %s failed (%d) in FIPS mode\n",
		      what, err);
	pr_err_ratelimited("DRBG from boot: %s failed (%d)\n", what, err);
}

/**
 * lrng_drng_boot_takeover() - complete the takeover of the DRBG from boot
 * @ret: what lrng_set_drng_cb() returns for the DRBG
 *
 * Reseeds at once, which replaces the state of every ChaCha20 DRNG with
 * DRBG output and publishes its generation, so that no output after the
 * takeover comes from a state that the entropy sources seeded.  Called
 * without lrng_switch_lock: the reseed takes the switched DRNG's lock.
 * Process context.
 */
void lrng_drng_boot_takeover(int ret)
{
	if (ret) {
		lrng_drng_boot_failed("takeover", ret);
		return;
	}
	lrng_es_reseed_sync();
	pr_info("DRBG from boot serves; in-kernel callers: ChaCha20 keyed from it\n");
}
