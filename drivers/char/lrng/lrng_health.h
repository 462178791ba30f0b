/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG SP800-90B health tests of the time stamp entropy sources
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_HEALTH_H
#define _LRNG_HEALTH_H

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/lockdep.h>
#include <linux/percpu.h>
#include <linux/seq_file.h>
#include <linux/types.h>

/**
 * enum lrng_health_verdict - what the interrupt source does with a sample
 * @LRNG_HEALTH_CREDIT: the sample passed; it may be credited
 * @LRNG_HEALTH_NO_CREDIT: the sample passed, but is not credited (start-up
 *			   test in FIPS mode, recovery after a failure, or a
 *			   permanent failure)
 * @LRNG_HEALTH_DISCARD: a test failed with this sample: the entropy this
 *			 CPU collected since its pool was last read is dropped
 */
enum lrng_health_verdict {
	LRNG_HEALTH_CREDIT,
	LRNG_HEALTH_NO_CREDIT,
	LRNG_HEALTH_DISCARD,
};

/**
 * enum lrng_health_state - where one CPU's sample stream stands
 * @LRNG_HEALTH_STARTUP: the start-up test over the first samples runs
 * @LRNG_HEALTH_OK: the start-up test passed; the continuous tests run
 * @LRNG_HEALTH_RECOVERY: a continuous test failed (intermittent failure);
 *			  a new start-up test runs, without credit
 * @LRNG_HEALTH_FAILED: a test failed during a start-up test (permanent
 *			failure); the source is no longer credited
 */
enum lrng_health_state {
	LRNG_HEALTH_STARTUP,
	LRNG_HEALTH_OK,
	LRNG_HEALTH_RECOVERY,
	LRNG_HEALTH_FAILED,
};

enum {
	/* Samples of a start-up test (SP800-90B section 4.3, item 9). */
	LRNG_HEALTH_STARTUP_SAMPLES = 1024,
	/* Window of the adaptive proportion test, non-binary samples. */
	LRNG_HEALTH_APT_WINDOW = 512,
	/* Events of lrng_health_sample(). */
	LRNG_HEALTH_EV_RCT_FAIL = 1 << 0,
	LRNG_HEALTH_EV_APT_FAIL = 1 << 1,
	LRNG_HEALTH_EV_PASSED = 1 << 2,
	LRNG_HEALTH_EV_PERMANENT = 1 << 3,
};

/**
 * struct lrng_health_cutoffs - cut-off values of both tests
 * @rct: repetition count test: this many identical samples in a row fail
 * @apt: adaptive proportion test: this many occurrences of the first
 *	 sample of a window fail
 */
struct lrng_health_cutoffs {
	u32 rct;
	u32 apt;
};

/**
 * struct lrng_health_test - the tests of one stream of samples
 * @rct_last: the sample the repetition count test compares with
 * @rct_count: how often @rct_last was seen in a row; 0 before the first
 * @apt_base: the first sample of the current window
 * @apt_count: occurrences of @apt_base in the window so far
 * @apt_seen: samples of the window so far; 0 starts a new window
 * @left: samples still to pass in a start-up test
 * @state: enum lrng_health_state
 *
 * The functions that take it take no lock: the owner serialises them.
 */
struct lrng_health_test {
	u8 rct_last;
	u8 apt_base;
	u8 state;
	u32 rct_count;
	u32 apt_count;
	u32 apt_seen;
	u32 left;
};

#define LRNG_HEALTH_TEST_INIT {					\
	.state = LRNG_HEALTH_STARTUP,				\
	.left = LRNG_HEALTH_STARTUP_SAMPLES,			\
}

/* Pure logic, also run by KUnit (lrng_health.c). */
struct lrng_health_cutoffs lrng_health_cutoffs_for(u32 rate);
u32 lrng_health_failed(struct lrng_health_test *t, u32 ev);
u32 lrng_health_run(struct lrng_health_test *t,
		    const struct lrng_health_cutoffs *c, const u8 *s, u32 n);

/**
 * lrng_health_tests() - run both tests on one sample
 * @t: the stream's tests
 * @c: the cut-offs
 * @sample: the sample
 *
 * Updates the counters of both tests only; the state is for the callers.
 *
 * Return: the LRNG_HEALTH_EV_*_FAIL events of this sample, 0 when none.
 */
static __always_inline u32 lrng_health_tests(struct lrng_health_test *t,
					     const struct lrng_health_cutoffs *c,
					     u8 sample)
{
	u32 ev = 0;

	/* SP800-90B 4.4.1: identical samples in a row. */
	if (t->rct_count && sample == t->rct_last) {
		if (++t->rct_count >= c->rct)
			ev |= LRNG_HEALTH_EV_RCT_FAIL;
	} else {
		t->rct_last = sample;
		t->rct_count = 1;
	}

	/* SP800-90B 4.4.2: the first sample of a window, within it. */
	if (!t->apt_seen) {
		t->apt_base = sample;
		t->apt_count = 1;
	} else if (sample == t->apt_base && ++t->apt_count >= c->apt) {
		ev |= LRNG_HEALTH_EV_APT_FAIL;
	}
	if (++t->apt_seen >= LRNG_HEALTH_APT_WINDOW)
		t->apt_seen = 0;
	return ev;
}

/**
 * lrng_health_sample() - run the tests on one sample
 * @t: the stream's tests
 * @c: the cut-offs
 * @sample: the sample
 *
 * Runs the repetition count and adaptive proportion tests and moves the
 * stream's state: a failure in state ok starts a recovery, a failure in
 * start-up or recovery is permanent (lrng_health_failed()),
 * LRNG_HEALTH_STARTUP_SAMPLES passed samples end a start-up or recovery.
 * A failed stream is no longer tested.
 *
 * Return: the LRNG_HEALTH_EV_* events of this sample, 0 when none.
 */
static inline u32 lrng_health_sample(struct lrng_health_test *t,
				     const struct lrng_health_cutoffs *c,
				     u8 sample)
{
	u32 ev;

	if (unlikely(t->state == LRNG_HEALTH_FAILED))
		return 0;

	ev = lrng_health_tests(t, c, sample);
	if (unlikely(ev))
		return lrng_health_failed(t, ev);

	if (unlikely(t->state != LRNG_HEALTH_OK) && !--t->left) {
		WRITE_ONCE(t->state, LRNG_HEALTH_OK);
		ev |= LRNG_HEALTH_EV_PASSED;
	}
	return ev;
}

#if IS_ENABLED(CONFIG_LRNG_HEALTH_TESTS)

/**
 * struct lrng_health - the health tests of one entropy source as a whole
 * @name: the source, for the log ("interrupt", "scheduler")
 * @pcpu: each CPU's stream, written only by that CPU with interrupts off
 * @counted: whether a CPU is counted in @recovering (lrng_health.c)
 * @cut: the cut-offs; never reached until lrng_health_init()
 * @recovering: CPUs, online or coming online, whose stream is in recovery
 * @rct_failures: repetition count test failures since boot
 * @apt_failures: adaptive proportion test failures since boot
 * @permanent: a stream failed permanently; set once, never cleared
 *
 * One per source that is tested, each defined in lrng_health.c, which
 * alone writes them; declared here for the inline test of a sample.
 */
struct lrng_health {
	const char *name;
	struct lrng_health_test __percpu *pcpu;
	bool __percpu *counted;
	struct lrng_health_cutoffs cut;
	atomic_t recovering;
	atomic_t rct_failures;
	atomic_t apt_failures;
	bool permanent;
};

extern struct lrng_health lrng_irq_health;
extern struct lrng_health lrng_sched_health;

/* The sources' tests, NULL without the health tests. */
#define LRNG_HEALTH_IRQ (&lrng_irq_health)
#define LRNG_HEALTH_SCHED (&lrng_sched_health)

void lrng_health_init(struct lrng_health *h, u32 rate);
enum lrng_health_verdict lrng_health_verdict(struct lrng_health *h,
					     struct lrng_health_test *t,
					     u8 before, u32 ev);

/**
 * lrng_health_next() - test one sample of this CPU's stream of a source
 * @h: the source's tests
 * @sample: the sample, see the design overview of lrng_health.c
 *
 * Called with interrupts off by the source for every sample it credits.
 * A passing sample of a stream in state ok is credited inline; everything
 * else goes to lrng_health_verdict().
 *
 * Return: whether to credit the sample or to drop this CPU's entropy.
 */
static __always_inline enum lrng_health_verdict
lrng_health_next(struct lrng_health *h, u8 sample)
{
	struct lrng_health_test *t = this_cpu_ptr(h->pcpu);
	u8 before = t->state;
	u32 ev;

	lockdep_assert_irqs_disabled();
	ev = lrng_health_sample(t, &h->cut, sample);
	if (likely(!ev && before == LRNG_HEALTH_OK &&
		   !READ_ONCE(h->permanent)))
		return LRNG_HEALTH_CREDIT;
	return lrng_health_verdict(h, t, before, ev);
}

/**
 * lrng_health_ok() - whether this CPU's stream of a source is in state ok
 * @h: the source's tests
 *
 * Called with interrupts off.  The interrupt source defers the tests of a
 * stream in state ok to lrng_health_irq_run(); any other stream has each
 * sample tested as it comes (lrng_health_next()).
 *
 * Return: true in state ok.
 */
static inline bool lrng_health_ok(struct lrng_health *h)
{
	return this_cpu_ptr(h->pcpu)->state == LRNG_HEALTH_OK;
}

u32 lrng_health_irq_run(const u8 *s, u32 n);
u32 lrng_health_credit(struct lrng_health *h, u32 bits);
bool lrng_sp80090b_compliant(void);
void lrng_health_state(struct lrng_health *h, struct seq_file *m);

#else /* CONFIG_LRNG_HEALTH_TESTS */

struct lrng_health;

#define LRNG_HEALTH_IRQ NULL
#define LRNG_HEALTH_SCHED NULL

static inline void lrng_health_init(struct lrng_health *h, u32 rate)
{
}

static inline enum lrng_health_verdict
lrng_health_next(struct lrng_health *h, u8 sample)
{
	return LRNG_HEALTH_CREDIT;
}

static inline bool lrng_health_ok(struct lrng_health *h)
{
	return true;
}

static inline u32 lrng_health_irq_run(const u8 *s, u32 n)
{
	return n;
}

static inline u32 lrng_health_credit(struct lrng_health *h, u32 bits)
{
	return bits;
}

static inline bool lrng_sp80090b_compliant(void)
{
	return false;
}

static inline void lrng_health_state(struct lrng_health *h,
				     struct seq_file *m)
{
}

#endif /* CONFIG_LRNG_HEALTH_TESTS */

/*
 * The interrupt source's tests of one sample and of its stream's state
 * (lrng_health_next(), lrng_health_ok()), named for its hot paths.
 */
static __always_inline enum lrng_health_verdict lrng_health_irq(u8 sample)
{
	return lrng_health_next(LRNG_HEALTH_IRQ, sample);
}

static inline bool lrng_health_irq_ok(void)
{
	return lrng_health_ok(LRNG_HEALTH_IRQ);
}

#endif /* _LRNG_HEALTH_H */
