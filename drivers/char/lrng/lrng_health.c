// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG SP800-90B health tests of the time stamp entropy sources
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

/**
 * DOC: SP800-90B health tests
 *
 * With CONFIG_LRNG_HEALTH_TESTS (default y) every interrupt time stamp the
 * interrupt source records is tested, as the sample it is credited for: the
 * 8 least significant bits of the stamp divided by its GCD (the stamp
 * itself while the GCD is not known).  The scheduler source's context
 * switch time stamps are tested the same way, with their own streams,
 * cut-offs and failure counts.  Each CPU tests its own stream of samples
 * of each source::
 *
 *   sample --> repetition count test (SP800-90B section 4.4.1)
 *          --> adaptive proportion test (SP800-90B section 4.4.2)
 *          --> state of this CPU's stream --> credit / no credit / discard
 *
 * Cut-offs (false positive probability alpha = 2^-20): the source credits
 * H = 256 / R bits per sample, R being the samples (interrupts or context
 * switches) credited with 256 bits.  The repetition count test fails at
 * C = 1 + ceil(20 / H) identical samples in a row (21 at the interrupt
 * source's default rate, 201 without a high-resolution timer).  The
 * adaptive proportion test counts the first sample of each window of 512
 * in that window; its cut-off 1 + CRITBINOM(512, 2^-H, 1 -
 * alpha) comes from a table computed for H = 1, 0.9, ..., 0.1, 0.05, using
 * the largest tabled H not above the credited one, so that the cut-off is
 * never below the exact one (311 at one bit per sample, as in Table 2 of
 * SP800-90B; 410 for H = 0.5).  Below H = 0.05 the cut-off exceeds the
 * window and only the repetition count test can fail.
 *
 * States of a CPU's stream:
 *
 * - start-up: the first LRNG_HEALTH_STARTUP_SAMPLES (1024) samples
 *   (SP800-90B section 4.3, item 9).  In FIPS mode (fips=1) they are not
 *   credited; outside FIPS mode they are, so that boot seeding is not
 *   delayed on machines with few interrupts.  A failure is permanent.
 * - ok: a failure is intermittent: the entropy the CPU collected since its
 *   pool was last read is dropped, and the whole source credits
 *   nothing until the CPU passed a new start-up test (recovery) or while it
 *   is offline.
 * - recovery: like start-up, never credited; a failure is permanent.
 * - failed (permanent): the source credits nothing until reboot
 *   (its data is still mixed in).  The kernel panics instead when booted
 *   with lrng_health.panic_on_permanent_health_failure=1, in any mode, or
 *   in FIPS mode when built with CONFIG_LRNG_HEALTH_TESTS_PANIC: for a
 *   cryptographic module that must stop once its entropy source failed for
 *   good (FIPS 140-3, AIS 20/31).
 *
 * /proc/lrng_type shows the state, the cut-offs and the failure counts.  In
 * FIPS mode the LRNG reports itself SP800-90B compliant.  The auxiliary
 * pool, the CPU source and the Jitter RNG are not tested here (the Jitter
 * RNG runs its own tests).
 */

/*
 * The states above are enum lrng_health_state; the rates come from the
 * sources (lrng_es_irq.c, lrng_es_sched.c), one struct lrng_health each.
 *
 * Runs of samples: while a CPU's stream is in state ok and no stream failed
 * permanently, the interrupt source stores its samples untested and hands
 * them over in runs, a batch at a time (lrng_es_irq.c).  lrng_health_irq_run()
 * tests a run with the counters of both tests held in registers and
 * returns how many samples passed; from the first sample that would fail,
 * the samples take the per-sample path: lrng_health_irq() and
 * lrng_health_sample() (inline, lrng_health.h), which also serve start-up
 * and recovery, with failures handled by the out-of-line functions here.
 * The samples see the same tests in the same order either way; only the
 * credit of a run waits for its last sample.
 *
 * Locking: each CPU's struct lrng_health_test is written only by that CPU,
 * with interrupts off (the sources' hard-IRQ paths);
 * /proc/lrng_type and CPU hotplug read the states of all CPUs with
 * READ_ONCE().  The shared counters are atomics, the permanent failure a
 * flag written once.  The cut-offs are written before interrupts are
 * enabled, the panic parameter only on the kernel command line.
 *
 * Sections: 1. the tests (pure functions, also run by KUnit), 2. the
 * sources' streams, 3. CPU hotplug.
 */

#include <kunit/visibility.h>
#include <linux/atomic.h>
#include <linux/cache.h>
#include <linux/cpuhotplug.h>
#include <linux/export.h>
#include <linux/fips.h>
#include <linux/lockdep.h>
#include <linux/math.h>
#include <linux/minmax.h>
#include <linux/moduleparam.h>
#include <linux/panic.h>
#include <linux/percpu.h>
#include <linux/printk.h>

#include "lrng_definitions.h"
#include "lrng_health.h"
#include "lrng_param_alias.h"

/******************************************************************
 * 1. The tests: pure functions, also run by KUnit
 ******************************************************************/

/*
 * Adaptive proportion test cut-offs for W = 512, alpha = 2^-20: the largest
 * rate (interrupts per 256 bits) with H = 256 / rate at least the tabled H,
 * and the cut-off computed for that H.
 */
static const struct {
	u32 max_rate;
	u32 cutoff;
} lrng_health_apt_table[] = {
	{ 256, 311 },	/* H = 1 */
	{ 284, 329 },	/* H = 0.9 */
	{ 320, 348 },	/* H = 0.8 */
	{ 365, 368 },	/* H = 0.7 */
	{ 426, 388 },	/* H = 0.6 */
	{ 512, 410 },	/* H = 0.5 */
	{ 640, 433 },	/* H = 0.4 */
	{ 853, 456 },	/* H = 0.3 */
	{ 1280, 480 },	/* H = 0.2 */
	{ 2560, 502 },	/* H = 0.1 */
	{ 5120, 511 },	/* H = 0.05 */
};

/**
 * lrng_health_cutoffs_for() - cut-offs for a credited entropy rate
 * @rate: interrupts credited with LRNG_DRNG_SECURITY_STRENGTH_BITS, at
 *	  least LRNG_DRNG_SECURITY_STRENGTH_BITS
 *
 * Return: the repetition count test cut-off 1 + ceil(20 * @rate / 256),
 * capped at U32_MAX, and the adaptive proportion test cut-off from the
 * table (LRNG_HEALTH_APT_WINDOW + 1, never reached, beyond it).
 */
struct lrng_health_cutoffs lrng_health_cutoffs_for(u32 rate)
{
	struct lrng_health_cutoffs c;
	u64 rct = 1 + DIV_ROUND_UP_ULL(20ULL * rate,
				       LRNG_DRNG_SECURITY_STRENGTH_BITS);
	unsigned int i;

	c.rct = min_t(u64, rct, U32_MAX);
	c.apt = LRNG_HEALTH_APT_WINDOW + 1;
	for (i = 0; i < ARRAY_SIZE(lrng_health_apt_table); i++) {
		if (rate <= lrng_health_apt_table[i].max_rate) {
			c.apt = lrng_health_apt_table[i].cutoff;
			break;
		}
	}
	return c;
}
EXPORT_SYMBOL_IF_KUNIT(lrng_health_cutoffs_for);

/**
 * lrng_health_failed() - a test failed on a sample
 * @t: the stream's tests
 * @ev: the LRNG_HEALTH_EV_*_FAIL events of that sample
 *
 * The slow part of lrng_health_sample() (lrng_health.h): both tests start
 * over with the next sample; a failure in state ok starts a recovery, a
 * failure in start-up or recovery is permanent.
 *
 * Return: @ev, with LRNG_HEALTH_EV_PERMANENT for a permanent failure.
 */
u32 lrng_health_failed(struct lrng_health_test *t, u32 ev)
{
	t->rct_count = 0;
	t->apt_seen = 0;
	if (t->state == LRNG_HEALTH_OK) {
		t->left = LRNG_HEALTH_STARTUP_SAMPLES;
		WRITE_ONCE(t->state, LRNG_HEALTH_RECOVERY);
		return ev;
	}
	WRITE_ONCE(t->state, LRNG_HEALTH_FAILED);
	return ev | LRNG_HEALTH_EV_PERMANENT;
}
EXPORT_SYMBOL_IF_KUNIT(lrng_health_failed);

/**
 * lrng_health_run() - test a run of samples of a stream in state ok
 * @t: the stream's tests
 * @c: the cut-offs
 * @s: the samples, oldest first
 * @n: their number
 *
 * The tests of lrng_health_sample() on each sample in turn, with the
 * counters held in locals.  The run stops before the first sample that
 * fails a test: that sample is not consumed, so that the caller hands it
 * and the rest to lrng_health_sample(), which takes the failure.  A
 * stream not in state ok is not touched.
 *
 * Return: how many samples, from the first, passed.
 */
u32 lrng_health_run(struct lrng_health_test *t,
		    const struct lrng_health_cutoffs *c, const u8 *s, u32 n)
{
	struct lrng_health_test cur, next;
	u32 i;

	if (t->state != LRNG_HEALTH_OK)
		return 0;
	cur = *t;
	for (i = 0; i < n; i++) {
		next = cur;
		if (unlikely(lrng_health_tests(&next, c, s[i])))
			break;
		cur = next;
	}
	/* Only the counters: the state stays ok and is read elsewhere. */
	t->rct_last = cur.rct_last;
	t->rct_count = cur.rct_count;
	t->apt_base = cur.apt_base;
	t->apt_count = cur.apt_count;
	t->apt_seen = cur.apt_seen;
	return i;
}
EXPORT_SYMBOL_IF_KUNIT(lrng_health_run);

/******************************************************************
 * 2. The sources' streams
 ******************************************************************/

static DEFINE_PER_CPU(struct lrng_health_test, lrng_irq_health_pcpu) =
	LRNG_HEALTH_TEST_INIT;
static DEFINE_PER_CPU(struct lrng_health_test, lrng_sched_health_pcpu) =
	LRNG_HEALTH_TEST_INIT;

/*
 * Whether a CPU is counted in its source's @recovering: from its failure
 * in state ok until it passes its recovery or goes offline, and again from
 * when it comes back until it passes.  Written by that CPU with interrupts
 * off, or by the hotplug callbacks while that CPU is not running.
 */
static DEFINE_PER_CPU(bool, lrng_irq_health_counted);
static DEFINE_PER_CPU(bool, lrng_sched_health_counted);

#define LRNG_HEALTH_SOURCE(_name, _pcpu, _counted) {			\
	.name = _name,							\
	.pcpu = &(_pcpu),						\
	.counted = &(_counted),						\
	.cut = { .rct = U32_MAX, .apt = U32_MAX },			\
}

/* Declared in lrng_health.h; see "Locking" above. */
struct lrng_health lrng_irq_health __read_mostly =
	LRNG_HEALTH_SOURCE("interrupt", lrng_irq_health_pcpu,
			   lrng_irq_health_counted);
struct lrng_health lrng_sched_health __read_mostly =
	LRNG_HEALTH_SOURCE("scheduler", lrng_sched_health_pcpu,
			   lrng_sched_health_counted);

/* Every source's tests, for CPU hotplug. */
static struct lrng_health *const lrng_health_all[] = {
	&lrng_irq_health,
	&lrng_sched_health,
};

static void lrng_health_count(struct lrng_health *h, bool *counted)
{
	if (!*counted) {
		*counted = true;
		atomic_inc(&h->recovering);
	}
}

static void lrng_health_uncount(struct lrng_health *h, bool *counted)
{
	if (*counted) {
		*counted = false;
		atomic_dec(&h->recovering);
	}
}

/**
 * lrng_health_init() - set the cut-offs for the credited entropy rate
 * @h: the source's tests
 * @rate: samples credited with LRNG_DRNG_SECURITY_STRENGTH_BITS
 *
 * Called by the source's initialisation, before interrupts are enabled.
 */
void lrng_health_init(struct lrng_health *h, u32 rate)
{
	h->cut = lrng_health_cutoffs_for(rate);
}

/**
 * lrng_sp80090b_compliant() - whether the tested sources follow SP800-90B
 *
 * In FIPS mode the health tests gate the credit from the start: no sample
 * of a CPU is credited before its start-up test passed.
 *
 * Return: true in FIPS mode (the health tests are built in).
 */
bool lrng_sp80090b_compliant(void)
{
	return fips_enabled;
}

/* A permanent failure panics in any mode; see "failed" above. */
static bool lrng_health_panic __ro_after_init;
lrng_module_param_named("lrng_es_mgr.", lrng_panic_on_permanent_health_failure,
			panic_on_permanent_health_failure, lrng_health_panic,
			bool, 0444);
MODULE_PARM_DESC(panic_on_permanent_health_failure,
		 "Panic when a source fails its health tests permanently, in any mode (boot only)");

static void __cold lrng_health_failed_permanently(struct lrng_health *h)
{
	WRITE_ONCE(h->permanent, true);
	pr_err("%s entropy source failed its health tests permanently: no longer credited\n",
	       h->name);
	if (lrng_health_panic ||
	    (IS_ENABLED(CONFIG_LRNG_HEALTH_TESTS_PANIC) && fips_enabled))
		panic("LRNG: permanent health test failure\n");
}

/**
 * lrng_health_irq_run() - test a run of this CPU's interrupt samples
 * @s: the samples, oldest first
 * @n: their number
 *
 * Called with interrupts off by the interrupt source, for samples it
 * stored while this CPU's stream was in state ok.  Nothing is credited
 * once a stream failed permanently.
 *
 * Return: how many samples, from the first, passed and may be credited;
 * the caller hands the rest to lrng_health_irq() one by one.
 */
u32 lrng_health_irq_run(const u8 *s, u32 n)
{
	struct lrng_health *h = &lrng_irq_health;

	lockdep_assert_irqs_disabled();
	if (READ_ONCE(h->permanent))
		return 0;
	return lrng_health_run(this_cpu_ptr(h->pcpu), &h->cut, s, n);
}

/**
 * lrng_health_verdict() - the verdict on a sample that is not simply credited
 * @h: the source's tests
 * @t: this CPU's stream
 * @before: its state before the sample
 * @ev: the events of the sample
 *
 * The slow part of lrng_health_next() (lrng_health.h): failures are
 * counted and logged, recoveries tracked.  Called with interrupts off.
 *
 * Return: whether to credit the sample or to drop this CPU's entropy.
 */
enum lrng_health_verdict lrng_health_verdict(struct lrng_health *h,
					     struct lrng_health_test *t,
					     u8 before, u32 ev)
{
	if (ev & (LRNG_HEALTH_EV_RCT_FAIL | LRNG_HEALTH_EV_APT_FAIL)) {
		if (ev & LRNG_HEALTH_EV_RCT_FAIL)
			atomic_inc(&h->rct_failures);
		if (ev & LRNG_HEALTH_EV_APT_FAIL)
			atomic_inc(&h->apt_failures);
		if (ev & LRNG_HEALTH_EV_PERMANENT) {
			lrng_health_uncount(h, this_cpu_ptr(h->counted));
			lrng_health_failed_permanently(h);
		} else {
			lrng_health_count(h, this_cpu_ptr(h->counted));
			pr_warn_ratelimited("%s entropy source: %s test failed on CPU %d: not credited until a new start-up test passes\n",
					    h->name,
					    ev & LRNG_HEALTH_EV_RCT_FAIL ?
					    "repetition count" :
					    "adaptive proportion",
					    smp_processor_id());
		}
		return LRNG_HEALTH_DISCARD;
	}
	if ((ev & LRNG_HEALTH_EV_PASSED) && before == LRNG_HEALTH_RECOVERY)
		lrng_health_uncount(h, this_cpu_ptr(h->counted));

	if (READ_ONCE(h->permanent))
		return LRNG_HEALTH_NO_CREDIT;
	switch (t->state) {
	case LRNG_HEALTH_OK:
		return LRNG_HEALTH_CREDIT;
	case LRNG_HEALTH_STARTUP:
		return lrng_sp80090b_compliant() ? LRNG_HEALTH_NO_CREDIT :
						   LRNG_HEALTH_CREDIT;
	default:
		return LRNG_HEALTH_NO_CREDIT;
	}
}

/**
 * lrng_health_credit() - gate a source's credit
 * @h: the source's tests
 * @bits: entropy the source would credit
 *
 * Return: @bits, or 0 while a CPU's stream of the source recovers from an
 * intermittent failure or after a permanent failure.
 */
u32 lrng_health_credit(struct lrng_health *h, u32 bits)
{
	if (READ_ONCE(h->permanent) || atomic_read(&h->recovering))
		return 0;
	return bits;
}

/* The state of @cpu's stream of @h. */
static u8 lrng_health_cpu_state(struct lrng_health *h, int cpu)
{
	return READ_ONCE(per_cpu_ptr(h->pcpu, cpu)->state);
}

/* One word for the source as a whole, the worst state first. */
static const char *lrng_health_summary(struct lrng_health *h)
{
	bool passed = false;
	int cpu;

	if (READ_ONCE(h->permanent))
		return "permanent failure";
	if (atomic_read(&h->recovering))
		return "intermittent failure";
	for_each_possible_cpu(cpu)
		if (lrng_health_cpu_state(h, cpu) == LRNG_HEALTH_OK)
			passed = true;
	return passed ? "ok" : "start-up";
}

/**
 * lrng_health_state() - the health lines of a source in /proc/lrng_type
 * @h: the source's tests
 * @m: seq_file of /proc/lrng_type
 */
void lrng_health_state(struct lrng_health *h, struct seq_file *m)
{
	bool none = true;
	int cpu;

	seq_printf(m, " Health test state: %s\n", lrng_health_summary(h));
	seq_puts(m, " Health test passed on CPUs:");
	for_each_possible_cpu(cpu) {
		if (lrng_health_cpu_state(h, cpu) == LRNG_HEALTH_OK) {
			seq_printf(m, " %d", cpu);
			none = false;
		}
	}
	seq_puts(m, none ? " none\n" : "\n");
	seq_printf(m, " Health test RCT cut-off: %u\n", h->cut.rct);
	seq_printf(m, " Health test APT cut-off: %u of %u\n",
		   h->cut.apt, LRNG_HEALTH_APT_WINDOW);
	seq_printf(m, " Health test RCT failures: %d\n",
		   atomic_read(&h->rct_failures));
	seq_printf(m, " Health test APT failures: %d\n",
		   atomic_read(&h->apt_failures));
}

/******************************************************************
 * 3. CPU hotplug
 ******************************************************************/

/*
 * A CPU that went offline in recovery no longer holds back its source: it
 * delivers no samples that could pass.  It stays in recovery and is counted
 * again before it runs, so that it must pass a new start-up test before the
 * source credits again.  Both callbacks run on a control CPU while @cpu is
 * not running.
 */
static int lrng_health_cpu_prepare(unsigned int cpu)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(lrng_health_all); i++) {
		struct lrng_health *h = lrng_health_all[i];

		if (lrng_health_cpu_state(h, cpu) == LRNG_HEALTH_RECOVERY)
			lrng_health_count(h, per_cpu_ptr(h->counted, cpu));
	}
	return 0;
}

static int lrng_health_cpu_dead(unsigned int cpu)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(lrng_health_all); i++)
		lrng_health_uncount(lrng_health_all[i],
				    per_cpu_ptr(lrng_health_all[i]->counted,
						cpu));
	return 0;
}

static int __init lrng_health_hotplug_init(void)
{
	int ret;

	ret = cpuhp_setup_state_nocalls(CPUHP_BP_PREPARE_DYN,
					"char/lrng_health:prepare",
					lrng_health_cpu_prepare,
					lrng_health_cpu_dead);
	return ret < 0 ? ret : 0;
}
device_initcall(lrng_health_hotplug_init);
