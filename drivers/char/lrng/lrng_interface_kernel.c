// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG in-kernel interface
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * The functions of include/linux/random.h that kernel code calls, with the
 * prototypes, export types and calling contexts of random.c:
 *
 * Output (lrng_batch.c):
 *	get_random_bytes(), get_random_u8() .. get_random_u64(),
 *	__get_random_u32_below()
 * Readiness:
 *	rng_is_initialized(), wait_for_random_bytes() and, in lrng_ready.c,
 *	execute_with_initialized_rng()
 * Input:
 *	add_device_randomness(), add_hwgenerator_randomness(),
 *	add_bootloader_randomness(), add_input_randomness() and, when the
 *	interrupt source is off, add_interrupt_randomness() (the source
 *	defines its own in lrng_es_irq.c); add_disk_randomness() and
 *	add_vmfork_randomness() live in their own files
 * Boot:
 *	random_init_early(), random_init()
 */

#include <linux/init.h>
#include <linux/kstrtox.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/timex.h>
#include <linux/utsname.h>

#include "lrng_drng_mgr.h"
#include "lrng_es_aux.h"
#include "lrng_es_irq.h"
#include "lrng_es_mgr.h"
#include "lrng_es_sched.h"
#include "lrng_ready.h"
#include "lrng_selftest.h"

/**
 * rng_is_initialized() - whether the LRNG is fully seeded
 *
 * Return: true once the output is backed by a full seed.
 */
bool rng_is_initialized(void)
{
	return lrng_ready();
}
EXPORT_SYMBOL(rng_is_initialized);

/**
 * wait_for_random_bytes() - sleep until the LRNG is fully seeded
 *
 * Return: 0 once fully seeded, -ERESTARTSYS when a signal arrived.
 */
int wait_for_random_bytes(void)
{
	return lrng_ready_wait();
}
EXPORT_SYMBOL(wait_for_random_bytes);

/**
 * add_device_randomness() - mix device or boot specific data, uncredited
 * @buf: the data, may be NULL when @len is 0
 * @len: its length in bytes
 *
 * Callable in any context, also before random_init_early().
 */
void add_device_randomness(const void *buf, size_t len)
{
	unsigned long stamp = random_get_entropy();

	lrng_aux_insert(&stamp, sizeof(stamp), 0);
	if (len)
		lrng_aux_insert(buf, len, 0);
}
EXPORT_SYMBOL(add_device_randomness);

/**
 * add_hwgenerator_randomness() - data from a hardware RNG
 * @buf: the data
 * @len: its length in bytes
 * @entropy: entropy in bits the driver credits to it
 * @sleep_after: sleep one reseed interval afterwards once the LRNG is fully
 *		 seeded (the only throttle of the hwrng thread)
 */
void add_hwgenerator_randomness(const void *buf, size_t len, size_t entropy,
				bool sleep_after)
{
	/* The hwrng thread: seed now, as random.c's credit does. */
	lrng_aux_insert_sync(buf, len, min_t(size_t, entropy, U32_MAX));
	if (sleep_after && !kthread_should_stop() && (lrng_ready() || !entropy))
		schedule_timeout_interruptible(lrng_drng_reseed_max_time() * HZ);
}
EXPORT_SYMBOL_GPL(add_hwgenerator_randomness);

static bool lrng_trust_bootloader __initdata = true;

static int __init lrng_parse_trust_bootloader(char *arg)
{
	return kstrtobool(arg, &lrng_trust_bootloader);
}
early_param("random.trust_bootloader", lrng_parse_trust_bootloader);

/**
 * add_bootloader_randomness() - the seed a boot loader passed
 * @buf: the seed
 * @len: its length in bytes
 *
 * Credited with its full length unless random.trust_bootloader=off.  Runs
 * inside setup_arch(), before the per-CPU areas and workqueues exist.
 */
void __init add_bootloader_randomness(const void *buf, size_t len)
{
	lrng_aux_insert(buf, len, lrng_trust_bootloader ? len * 8 : 0);
}

/*
 * The interrupt entropy source defines add_interrupt_randomness() itself
 * (lrng_es_irq.c), so that its fast path is one call.  Without that source
 * an interrupt is no input.
 */
#if !IS_ENABLED(CONFIG_LRNG_IRQ)
/**
 * add_interrupt_randomness() - an interrupt occurred
 * @irq: its number
 *
 * Without CONFIG_LRNG_IRQ: nothing to record.
 */
void add_interrupt_randomness(int irq)
{
}
EXPORT_SYMBOL_GPL(add_interrupt_randomness);
#endif

/**
 * add_input_randomness() - an input event occurred
 * @type: event type
 * @code: event code
 * @value: event value
 *
 * The event is mixed into the interrupt entropy source without credit;
 * the interrupt of a hardware event recorded its time already.  Repeats of
 * the last value (autorepeat) are ignored.  Called with interrupts off.
 */
void add_input_randomness(unsigned int type, unsigned int code,
			  unsigned int value)
{
	static unsigned int last_value;

	/* Racy between input devices, which only lets a repeat through. */
	if (value == READ_ONCE(last_value))
		return;
	WRITE_ONCE(last_value, value);
	lrng_irq_mix_u32((type << 4) ^ code ^ (code >> 4) ^ value);
}
EXPORT_SYMBOL_GPL(add_input_randomness);

/**
 * random_init_early() - first seed of the LRNG
 * @command_line: the kernel command line, mixed in uncredited
 *
 * Called with interrupts off, before timekeeping exists.  Seeds the DRNG
 * with whatever the sources hold; with a trusted CPU source that makes the
 * LRNG fully seeded here, as random.c is.
 */
void __init random_init_early(const char *command_line)
{
	static const u8 compiletime_seed[64] __initconst __latent_entropy;

	lrng_selftest_run();
	lrng_aux_insert(compiletime_seed, sizeof(compiletime_seed), 0);
	lrng_aux_insert(init_utsname(), sizeof(*init_utsname()), 0);
	lrng_aux_insert(command_line, strlen(command_line), 0);
	lrng_es_mgr_init_early();
}

/**
 * random_init() - second boot step, once timekeeping works
 *
 * Interrupts are still off.  Mixes the time in and reseeds when already
 * fully seeded.
 */
void __init random_init(void)
{
	unsigned long cycles = random_get_entropy();
	ktime_t now = ktime_get_real();

	lrng_aux_insert(&now, sizeof(now), 0);
	lrng_aux_insert(&cycles, sizeof(cycles), 0);
	add_latent_entropy();
	lrng_irq_init();
	lrng_sched_init();

	if (lrng_ready())
		lrng_es_reseed(true);

	WARN(!cycles, "Missing cycle counter and fallback timer; RNG entropy collection will consequently suffer.");
}

/* Workqueues and irq_work exist from here on: seeds may be deferred. */
static int __init lrng_interface_init(void)
{
	lrng_es_mgr_init();
	lrng_drng_mgr_init();
	return 0;
}
early_initcall(lrng_interface_init);
