// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG test interfaces in debugfs: raw entropy taps, stuck-noise injection
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * For a lab that assesses the interrupt or the scheduler entropy source
 * (SP800-90B sections 3.1.3 and 3.1.4), every file lives in
 * /sys/kernel/debug/lrng_testing/, each one behind its own Kconfig option:
 *
 *   file                 mode  data, one u32 per event
 *   lrng_raw_hires       0400  the time stamp of each interrupt
 *   lrng_raw_sched_hires 0400  the time stamp of each context switch
 *   lrng_raw_jiffies     0400  jiffies at each interrupt
 *   lrng_raw_irq         0400  the interrupt number
 *   lrng_raw_irqflags    0400  the interrupt's trigger type flags
 *   lrng_raw_retip       0400  the interrupted instruction pointer
 *   lrng_raw_regs        0400  a word of the interrupted registers
 *   lrng_raw_array       0400  each stamp's first slot, read back from the
 *				collection array (8 bits in a u32)
 *   lrng_irq_perf        0400  cycles the interrupt source spent
 *   lrng_acvt_hash       0600  SHA-256 of what was written, see below
 *   lrng_health_stuck    0200  test-only stuck-noise injection, see below
 *   lrng_drng_origin     0600  the DRNG behind each output path, see below
 *
 * Raw taps: see the DOC block below.
 *
 * Stuck noise (CONFIG_LRNG_TEST_HEALTH_STUCK, test kernels only): writing
 * N (at most LRNG_STUCK_MAX) feeds N interrupts with one constant time
 * stamp through the interrupt source on the writing CPU, with interrupts
 * off, so that the health tests see a stuck source.
 *
 * ACVT hash (CONFIG_LRNG_ACVT_HASH) and DRNG origin
 * (CONFIG_LRNG_TEST_DRNG_ORIGIN): in files of their own, which describe
 * them, lrng_testing_acvt.c and lrng_testing_origin.c;
 * lrng_testing_init() creates their debugfs files with the others.
 *
 * Locking: each tap's ring is guarded by its raw spinlock, taken with
 * interrupts off from the hard-IRQ path and by its reader; a mutex lets
 * one reader at a time use a tap.  The reader polls the ring (no wakeups
 * from hard-IRQ context).
 *
 * Cost when no tap collects: lrng_testing_collecting counts the taps that
 * collect (a reader, or a boot collection still running), and the
 * interrupt path's hooks in lrng_testing.h read only it while it is 0.
 * It starts at 1, so that every interrupt before lrng_testing_init() takes
 * the full path and a boot collection misses nothing; the init function
 * then counts the boot collections and drops that 1.  A tap's part of the
 * count changes under its lock, with @counted.
 *
 * Sections: 1. raw taps, 2. stuck-noise injection, 3. debugfs.
 */

/**
 * DOC: Raw entropy taps
 *
 * A raw tap collects only while a reader reads it, into a ring of
 * LRNG_TAP_SIZE (1024) words that the reader drains: the data of one read
 * are consecutive events unless the ring filled up, and then events are
 * skipped, not overwritten.  A read returns whole words, blocks until it
 * has them all and ends early on a signal.  On a fully seeded LRNG a tap
 * that starts reading sees each CPU's events from that CPU's next batch
 * on.  An interrupt or context switch whose data a tap took is mixed in as
 * usual but never credited, so reading a tap slows seeding but does not
 * weaken it.  The boot parameter of a tap
 * (lrng_testing.boot_raw_hires_test=1 and the others in
 * kernel-parameters.txt) collects the first LRNG_TAP_BOOT_EVENTS (1000)
 * events after boot instead, the SP800-90B restart data: the first read
 * returns them, and then the tap works as above.  A boot parameter of a
 * tap that is not built has no effect.
 */

#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/irq.h>
#include <linux/irqflags.h>
#include <linux/jiffies.h>
#include <linux/kstrtox.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/timex.h>
#include <linux/uaccess.h>
#include <asm/irq_regs.h>
#include <asm/ptrace.h>

#include "lrng_es_irq.h"
#include "lrng_testing.h"

enum {
	/* Words in a tap's ring, a power of two. */
	LRNG_TAP_SIZE = 1024,
	/* Events a boot-time collection keeps. */
	LRNG_TAP_BOOT_EVENTS = 1000,
	/* Words copied to user space at a time. */
	LRNG_TAP_CHUNK = 64,
	/* Boot collection: off, collecting, done. */
	LRNG_TAP_BOOT_OFF = 0,
	LRNG_TAP_BOOT_ON = 1,
	LRNG_TAP_BOOT_DONE = 2,
	/* The stamp the stuck-noise injection feeds, and its limit. */
	LRNG_STUCK_STAMP = 0x5a5a5a5a,
	LRNG_STUCK_MAX = 4096,
};

/******************************************************************
 * 1. Raw taps
 ******************************************************************/

/**
 * struct lrng_tap - one raw entropy tap
 * @lock: guards @ring, @rd, @wr, @active and writes to *@boot
 * @ring: LRNG_TAP_SIZE words, or NULL when the tap is not built
 * @rd: words read, free running
 * @wr: words written, free running
 * @active: a reader collects at run time
 * @counted: the boot collection is counted in lrng_testing_collecting
 * @boot: the boot parameter, LRNG_TAP_BOOT_*
 * @reader: one reader at a time; initialised before the file exists
 * @name: the debugfs file
 */
struct lrng_tap {
	raw_spinlock_t lock; /* see @lock above */
	u32 *ring;
	u32 rd;
	u32 wr;
	bool active;
	bool counted;
	unsigned int *boot;
	struct mutex reader; /* see @reader above */
	const char *name;
};

/* The rings of the taps that are built; one word for the others. */
static u32 lrng_ring_hires[IS_ENABLED(CONFIG_LRNG_RAW_HIRES_ENTROPY) ?
			   LRNG_TAP_SIZE : 1];
static u32 lrng_ring_sched_hires[IS_ENABLED(CONFIG_LRNG_RAW_SCHED_HIRES_ENTROPY) ?
				 LRNG_TAP_SIZE : 1];
static u32 lrng_ring_jiffies[IS_ENABLED(CONFIG_LRNG_RAW_JIFFIES_ENTROPY) ?
			     LRNG_TAP_SIZE : 1];
static u32 lrng_ring_irq[IS_ENABLED(CONFIG_LRNG_RAW_IRQ_ENTROPY) ?
			 LRNG_TAP_SIZE : 1];
static u32 lrng_ring_irqflags[IS_ENABLED(CONFIG_LRNG_RAW_IRQFLAGS_ENTROPY) ?
			      LRNG_TAP_SIZE : 1];
static u32 lrng_ring_retip[IS_ENABLED(CONFIG_LRNG_RAW_RETIP_ENTROPY) ?
			   LRNG_TAP_SIZE : 1];
static u32 lrng_ring_regs[IS_ENABLED(CONFIG_LRNG_RAW_REGS_ENTROPY) ?
			  LRNG_TAP_SIZE : 1];
static u32 lrng_ring_array[IS_ENABLED(CONFIG_LRNG_RAW_ARRAY) ?
			   LRNG_TAP_SIZE : 1];
static u32 lrng_ring_perf[IS_ENABLED(CONFIG_LRNG_IRQ_PERF) ?
			  LRNG_TAP_SIZE : 1];

/* The boot parameters, LRNG_TAP_BOOT_*. */
static unsigned int lrng_boot_hires;
module_param_named(boot_raw_hires_test, lrng_boot_hires, uint, 0444);
MODULE_PARM_DESC(boot_raw_hires_test, "Collect the first 1000 time stamps");
static unsigned int lrng_boot_sched_hires;
module_param_named(boot_raw_sched_hires_test, lrng_boot_sched_hires, uint,
		   0444);
MODULE_PARM_DESC(boot_raw_sched_hires_test,
		 "Collect the first 1000 context switch time stamps");
static unsigned int lrng_boot_jiffies;
module_param_named(boot_raw_jiffies_test, lrng_boot_jiffies, uint, 0444);
MODULE_PARM_DESC(boot_raw_jiffies_test, "Collect the first 1000 jiffies");
static unsigned int lrng_boot_irq;
module_param_named(boot_raw_irq_test, lrng_boot_irq, uint, 0444);
MODULE_PARM_DESC(boot_raw_irq_test, "Collect the first 1000 IRQ numbers");
static unsigned int lrng_boot_irqflags;
module_param_named(boot_raw_irqflags_test, lrng_boot_irqflags, uint, 0444);
MODULE_PARM_DESC(boot_raw_irqflags_test, "Collect the first 1000 IRQ flags");
static unsigned int lrng_boot_retip;
module_param_named(boot_raw_retip_test, lrng_boot_retip, uint, 0444);
MODULE_PARM_DESC(boot_raw_retip_test,
		 "Collect the first 1000 interrupted addresses");
static unsigned int lrng_boot_regs;
module_param_named(boot_raw_regs_test, lrng_boot_regs, uint, 0444);
MODULE_PARM_DESC(boot_raw_regs_test, "Collect the first 1000 register words");
static unsigned int lrng_boot_array;
module_param_named(boot_raw_array, lrng_boot_array, uint, 0444);
MODULE_PARM_DESC(boot_raw_array, "Collect the first 1000 array slots");
static unsigned int lrng_boot_perf;
module_param_named(boot_irq_perf, lrng_boot_perf, uint, 0444);
MODULE_PARM_DESC(boot_irq_perf, "Collect the first 1000 interrupt timings");

#define LRNG_TAP(_ring, _boot, _name) {					\
	.lock = __RAW_SPIN_LOCK_UNLOCKED(lrng_tap.lock),		\
	.ring = _ring,							\
	.boot = _boot,							\
	.name = _name,							\
}

enum {
	LRNG_TAP_HIRES,
	LRNG_TAP_JIFFIES,
	LRNG_TAP_IRQ,
	LRNG_TAP_IRQFLAGS,
	LRNG_TAP_RETIP,
	LRNG_TAP_REGS,
	LRNG_TAP_ARRAY,
	LRNG_TAP_PERF,
	LRNG_TAP_SCHED_HIRES,
	LRNG_TAP_NR,
};

static struct lrng_tap lrng_taps[LRNG_TAP_NR] = {
	[LRNG_TAP_HIRES] = LRNG_TAP(IS_ENABLED(CONFIG_LRNG_RAW_HIRES_ENTROPY) ?
				    lrng_ring_hires : NULL,
				    &lrng_boot_hires, "lrng_raw_hires"),
	[LRNG_TAP_JIFFIES] =
		LRNG_TAP(IS_ENABLED(CONFIG_LRNG_RAW_JIFFIES_ENTROPY) ?
			 lrng_ring_jiffies : NULL,
			 &lrng_boot_jiffies, "lrng_raw_jiffies"),
	[LRNG_TAP_IRQ] = LRNG_TAP(IS_ENABLED(CONFIG_LRNG_RAW_IRQ_ENTROPY) ?
				  lrng_ring_irq : NULL,
				  &lrng_boot_irq, "lrng_raw_irq"),
	[LRNG_TAP_IRQFLAGS] =
		LRNG_TAP(IS_ENABLED(CONFIG_LRNG_RAW_IRQFLAGS_ENTROPY) ?
			 lrng_ring_irqflags : NULL,
			 &lrng_boot_irqflags, "lrng_raw_irqflags"),
	[LRNG_TAP_RETIP] = LRNG_TAP(IS_ENABLED(CONFIG_LRNG_RAW_RETIP_ENTROPY) ?
				    lrng_ring_retip : NULL,
				    &lrng_boot_retip, "lrng_raw_retip"),
	[LRNG_TAP_REGS] = LRNG_TAP(IS_ENABLED(CONFIG_LRNG_RAW_REGS_ENTROPY) ?
				   lrng_ring_regs : NULL,
				   &lrng_boot_regs, "lrng_raw_regs"),
	[LRNG_TAP_ARRAY] = LRNG_TAP(IS_ENABLED(CONFIG_LRNG_RAW_ARRAY) ?
				    lrng_ring_array : NULL,
				    &lrng_boot_array, "lrng_raw_array"),
	[LRNG_TAP_PERF] = LRNG_TAP(IS_ENABLED(CONFIG_LRNG_IRQ_PERF) ?
				   lrng_ring_perf : NULL,
				   &lrng_boot_perf, "lrng_irq_perf"),
	[LRNG_TAP_SCHED_HIRES] =
		LRNG_TAP(IS_ENABLED(CONFIG_LRNG_RAW_SCHED_HIRES_ENTROPY) ?
			 lrng_ring_sched_hires : NULL,
			 &lrng_boot_sched_hires, "lrng_raw_sched_hires"),
};

/* Taps collecting; see "Cost when no tap collects" above. */
atomic_t lrng_testing_collecting = ATOMIC_INIT(1);

/* The boot collection ended; the caller holds the tap's lock. */
static void lrng_tap_boot_done(struct lrng_tap *tap, unsigned int state)
{
	WRITE_ONCE(*tap->boot, state);
	if (tap->counted) {
		tap->counted = false;
		atomic_dec(&lrng_testing_collecting);
	}
}

/* Whether the tap collects now; read without its lock. */
static bool lrng_tap_on(const struct lrng_tap *tap)
{
	return tap->ring && (READ_ONCE(tap->active) ||
			     READ_ONCE(*tap->boot) == LRNG_TAP_BOOT_ON);
}

/* Store @val; returns whether the tap took it.  Any context but NMI. */
static bool lrng_tap_store(struct lrng_tap *tap, u32 val)
{
	unsigned long flags;
	bool taken = false;
	unsigned int boot;

	if (!lrng_tap_on(tap))
		return false;

	raw_spin_lock_irqsave(&tap->lock, flags);
	boot = *tap->boot;
	if (boot == LRNG_TAP_BOOT_ON && tap->wr >= LRNG_TAP_BOOT_EVENTS) {
		lrng_tap_boot_done(tap, LRNG_TAP_BOOT_DONE);
		goto out;
	}
	if ((boot == LRNG_TAP_BOOT_ON || tap->active) &&
	    tap->wr - tap->rd < LRNG_TAP_SIZE) {
		tap->ring[tap->wr++ & (LRNG_TAP_SIZE - 1)] = val;
		taken = true;
	}
out:
	raw_spin_unlock_irqrestore(&tap->lock, flags);
	return taken;
}

/* Move up to @max words from the ring to @out; returns how many. */
static size_t lrng_tap_take(struct lrng_tap *tap, u32 *out, size_t max)
{
	unsigned long flags;
	size_t n = 0;

	raw_spin_lock_irqsave(&tap->lock, flags);
	while (n < max && tap->rd != tap->wr)
		out[n++] = tap->ring[tap->rd++ & (LRNG_TAP_SIZE - 1)];
	raw_spin_unlock_irqrestore(&tap->lock, flags);
	return n;
}

/* Start or stop run-time collection; starting drops old data. */
static void lrng_tap_collect(struct lrng_tap *tap, bool on)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&tap->lock, flags);
	tap->rd = 0;
	tap->wr = 0;
	if (on != tap->active) {
		if (on)
			atomic_inc(&lrng_testing_collecting);
		else
			atomic_dec(&lrng_testing_collecting);
	}
	WRITE_ONCE(tap->active, on);
	raw_spin_unlock_irqrestore(&tap->lock, flags);
}

/* End the boot-time collection. */
static void lrng_tap_boot_off(struct lrng_tap *tap)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&tap->lock, flags);
	lrng_tap_boot_done(tap, LRNG_TAP_BOOT_OFF);
	raw_spin_unlock_irqrestore(&tap->lock, flags);
}

static ssize_t lrng_tap_read(struct file *file, char __user *buf,
			     size_t count, loff_t *ppos)
{
	struct lrng_tap *tap = file->private_data;
	u32 words[LRNG_TAP_CHUNK];
	bool boot_data;
	ssize_t done = 0;
	size_t n;

	if (count < sizeof(u32))
		return -EINVAL;
	if (mutex_lock_interruptible(&tap->reader))
		return -ERESTARTSYS;

	boot_data = READ_ONCE(*tap->boot) != LRNG_TAP_BOOT_OFF;
	if (!boot_data)
		lrng_tap_collect(tap, true);

	while (count - done >= sizeof(u32)) {
		n = min_t(size_t, LRNG_TAP_CHUNK, (count - done) / sizeof(u32));
		n = lrng_tap_take(tap, words, n);
		if (!n) {
			/* The boot data is read: the tap works at run time. */
			if (boot_data) {
				lrng_tap_boot_off(tap);
				break;
			}
			if (signal_pending(current))
				break;
			schedule_timeout_interruptible(1);
			continue;
		}
		if (copy_to_user(buf + done, words, n * sizeof(u32))) {
			if (!done)
				done = -EFAULT;
			break;
		}
		done += n * sizeof(u32);
		if (signal_pending(current))
			break;
		cond_resched();
	}

	if (!boot_data)
		lrng_tap_collect(tap, false);
	mutex_unlock(&tap->reader);
	memzero_explicit(words, sizeof(words));
	if (!done && signal_pending(current))
		return -ERESTARTSYS;
	return done;
}

static const struct file_operations lrng_tap_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = lrng_tap_read,
	.llseek = noop_llseek,
};

/* The next word of struct pt_regs the regs tap takes, per CPU. */
static DEFINE_PER_CPU(u32, lrng_regs_idx);

/* A word of the interrupted registers, a different one each time. */
static u32 lrng_testing_regs_word(const struct pt_regs *regs)
{
	const u32 *words = (const u32 *)regs;
	u32 idx = this_cpu_inc_return(lrng_regs_idx);

	return words[idx % (sizeof(*regs) / sizeof(u32))];
}

/**
 * lrng_testing_irq_taps() - offer an interrupt's raw data to the taps
 * @stamp: its time stamp
 * @irq: its number
 * @ip: return address of add_interrupt_randomness(), used when the
 *	interrupt has no saved registers
 *
 * Called through lrng_testing_irq() for every interrupt while a tap
 * collects, in hard-IRQ context.
 *
 * Return: true when a tap took data: the interrupt must not be credited.
 */
bool lrng_testing_irq_taps(u32 stamp, int irq, unsigned long ip)
{
	struct pt_regs *regs;
	bool taken = false;

	if (IS_ENABLED(CONFIG_LRNG_RAW_HIRES_ENTROPY))
		taken |= lrng_tap_store(&lrng_taps[LRNG_TAP_HIRES], stamp);
	if (IS_ENABLED(CONFIG_LRNG_RAW_JIFFIES_ENTROPY))
		taken |= lrng_tap_store(&lrng_taps[LRNG_TAP_JIFFIES], (u32)jiffies);
	if (IS_ENABLED(CONFIG_LRNG_RAW_IRQ_ENTROPY))
		taken |= lrng_tap_store(&lrng_taps[LRNG_TAP_IRQ], (u32)irq);
	if (IS_ENABLED(CONFIG_LRNG_RAW_IRQFLAGS_ENTROPY) &&
	    lrng_tap_on(&lrng_taps[LRNG_TAP_IRQFLAGS]))
		taken |= lrng_tap_store(&lrng_taps[LRNG_TAP_IRQFLAGS],
					irq_get_trigger_type(irq));
	if (!IS_ENABLED(CONFIG_LRNG_RAW_RETIP_ENTROPY) &&
	    !IS_ENABLED(CONFIG_LRNG_RAW_REGS_ENTROPY))
		return taken;
	regs = get_irq_regs();
	if (IS_ENABLED(CONFIG_LRNG_RAW_RETIP_ENTROPY))
		taken |= lrng_tap_store(&lrng_taps[LRNG_TAP_RETIP],
					(u32)(regs ? instruction_pointer(regs) :
						     ip));
	if (IS_ENABLED(CONFIG_LRNG_RAW_REGS_ENTROPY) && regs)
		taken |= lrng_tap_store(&lrng_taps[LRNG_TAP_REGS],
					lrng_testing_regs_word(regs));
	return taken;
}

/**
 * lrng_testing_sched_tap() - offer a context switch's time stamp to its tap
 * @stamp: the time stamp
 *
 * Called through lrng_testing_sched() while a tap collects, by the
 * scheduler source's irq_work in hard-IRQ context.
 *
 * Return: true when the tap took it: the switch must not be credited.
 */
bool lrng_testing_sched_tap(u32 stamp)
{
	if (!IS_ENABLED(CONFIG_LRNG_RAW_SCHED_HIRES_ENTROPY))
		return false;
	return lrng_tap_store(&lrng_taps[LRNG_TAP_SCHED_HIRES], stamp);
}

/**
 * lrng_testing_array_tap() - offer a slot read back from the collection array
 * @slot: the first slot the interrupt's time stamp was stored in
 *
 * Called through lrng_testing_array() while a tap collects.
 *
 * Return: true when the tap took it: the interrupt must not be credited.
 */
bool lrng_testing_array_tap(u8 slot)
{
	if (!IS_ENABLED(CONFIG_LRNG_RAW_ARRAY))
		return false;
	return lrng_tap_store(&lrng_taps[LRNG_TAP_ARRAY], slot);
}

/**
 * lrng_testing_irq_perf_tap() - record the cycles one interrupt took
 * @start: random_get_entropy() when the interrupt source was entered
 *
 * Called through lrng_testing_irq_perf() while a tap collects; reads the
 * cycle counter only when the perf tap is one of them.
 */
void lrng_testing_irq_perf_tap(u32 start)
{
	struct lrng_tap *tap = &lrng_taps[LRNG_TAP_PERF];

	if (IS_ENABLED(CONFIG_LRNG_IRQ_PERF) && lrng_tap_on(tap))
		lrng_tap_store(tap, (u32)random_get_entropy() - start);
}

/******************************************************************
 * 2. Stuck-noise injection (test kernels only)
 ******************************************************************/

static ssize_t lrng_stuck_write(struct file *file, const char __user *buf,
				size_t count, loff_t *ppos)
{
	unsigned long flags;
	unsigned int n, i;
	int ret;

	ret = kstrtouint_from_user(buf, count, 0, &n);
	if (ret)
		return ret;
	if (!n || n > LRNG_STUCK_MAX)
		return -EINVAL;
	/* With interrupts off no real interrupt breaks the stuck run. */
	local_irq_save(flags);
	for (i = 0; i < n; i++)
		lrng_irq_add_stamp(LRNG_STUCK_STAMP, 0, _RET_IP_);
	local_irq_restore(flags);
	return count;
}

static const struct file_operations lrng_stuck_fops = {
	.owner = THIS_MODULE,
	.write = lrng_stuck_write,
	.llseek = noop_llseek,
};

/******************************************************************
 * 3. debugfs
 ******************************************************************/

static int __init lrng_testing_init(void)
{
	struct dentry *dir = debugfs_create_dir(KBUILD_MODNAME, NULL);
	unsigned long flags;
	unsigned int i;

	/* Count the boot collections, then drop the count of 1 at boot. */
	for (i = 0; i < ARRAY_SIZE(lrng_taps); i++) {
		raw_spin_lock_irqsave(&lrng_taps[i].lock, flags);
		if (lrng_taps[i].ring && *lrng_taps[i].boot == LRNG_TAP_BOOT_ON) {
			lrng_taps[i].counted = true;
			atomic_inc(&lrng_testing_collecting);
		}
		raw_spin_unlock_irqrestore(&lrng_taps[i].lock, flags);
	}
	atomic_dec(&lrng_testing_collecting);

	/* Errors are ignored, as debugfs wants it. */
	for (i = 0; i < ARRAY_SIZE(lrng_taps); i++) {
		mutex_init(&lrng_taps[i].reader);
		if (lrng_taps[i].ring)
			debugfs_create_file(lrng_taps[i].name, 0400, dir,
					    &lrng_taps[i], &lrng_tap_fops);
		else if (*lrng_taps[i].boot)
			pr_warn("%s: tap not built, its boot parameter is ignored\n",
				lrng_taps[i].name);
	}
	if (IS_ENABLED(CONFIG_LRNG_ACVT_HASH))
		debugfs_create_file("lrng_acvt_hash", 0600, dir, NULL,
				    &lrng_acvt_fops);
	if (IS_ENABLED(CONFIG_LRNG_TEST_HEALTH_STUCK))
		debugfs_create_file("lrng_health_stuck", 0200, dir, NULL,
				    &lrng_stuck_fops);
	if (IS_ENABLED(CONFIG_LRNG_TEST_DRNG_ORIGIN))
		debugfs_create_file("lrng_drng_origin", 0600, dir, NULL,
				    &lrng_origin_fops);
	return 0;
}
late_initcall(lrng_testing_init);
