// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG readiness
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * The seeding stage (lrng_ready_stage, enum lrng_seed_stage) is the one
 * record of how far the LRNG is seeded; lrng_ready() and lrng_seed_stage()
 * read it everywhere else.  The entropy source manager advances it
 * (lrng_ready_stage_set()) after the seed that reached a stage went into
 * the DRNG, the NUMA nodes' instances included, and its generation was
 * published; a fallback (lrng_ready_lost()) drops it to unseeded.  Three
 * other flags follow it and are written only here: the vDSO's is_ready,
 * which user space reads, lrng_ready_vdso_blocked, which a failed run of
 * the power-on self-tests sets, and lrng_ready_fired, which records that the
 * LRNG was fully seeded once (the one-time callbacks ran), not that it is.
 *
 * Everything that waits for the LRNG to become fully seeded, and the
 * announcement when it does, in the order random.c keeps (the DRNG was
 * seeded and the vDSO generation published before this runs):
 *
 *  1. the execute_with_initialized_rng() callbacks run (first time only),
 *  2. the vDSO is told that getrandom(2) no longer blocks (lrng_vdso.h;
 *     not in the AIS 20/31 NTG.1 mode),
 *  3. getrandom(2), /dev/random readers and pollers are woken,
 *  4. SIGIO goes to the fasync listeners,
 *  5. "random: crng init done" is logged, with the number of
 *     "uninitialized urandom read" notices the rate limit dropped.
 *
 * The LRNG can fall back to unseeded (lrng_drng_mgr.c): lrng_ready_lost()
 * clears the vDSO flag and the stage, waiters wait again, and the
 * transition is announced again and sets the flag again; the callbacks are
 * a one-time event, as in random.c.  A failed run of the power-on
 * self-tests clears the vDSO flag alone (lrng_ready_vdso_block()).
 */

#include <linux/init.h>
#include <linux/lockdep.h>
#include <linux/moduleparam.h>
#include <linux/notifier.h>
#include <linux/random.h>
#include <linux/ratelimit.h>
#include <linux/sched/signal.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#include "lrng_drng_pr.h"
#include "lrng_es_mgr.h"
#include "lrng_ready.h"
#include "lrng_vdso.h"

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "random."

/* See lrng_ready.h: written only here, under the rules given there. */
enum lrng_seed_stage lrng_ready_stage __read_mostly = LRNG_UNSEEDED;

static DECLARE_WAIT_QUEUE_HEAD(lrng_init_wait);

/* Notices of reads before readiness: at most 3 a second, 10 in all. */
static struct ratelimit_state lrng_urandom_warning =
	RATELIMIT_STATE_INIT_FLAGS("lrng_urandom_warning", HZ, 3,
				   RATELIMIT_MSG_ON_RELEASE);
static int lrng_urandom_maxwarn = 10;
static int ratelimit_disable __read_mostly;
module_param(ratelimit_disable, int, 0644);
MODULE_PARM_DESC(ratelimit_disable, "Disable random ratelimit suppression");

/* fasync_helper() and kill_fasync() do their own locking. */
static struct fasync_struct *lrng_fasync;

/*
 * lrng_ready_lock guards lrng_ready_chain and lrng_ready_fired (the LRNG
 * was fully seeded once), so that a callback is either run at once or
 * registered before the transition.  The callbacks run under it and may
 * generate random numbers, which can make the LRNG fall back: nothing on
 * that path takes it.
 */
static DEFINE_SPINLOCK(lrng_ready_lock);
static RAW_NOTIFIER_HEAD(lrng_ready_chain);
static bool lrng_ready_fired;

/*
 * lrng_ready_vdso_lock guards lrng_ready_vdso_blocked (a failed self-test
 * run keeps the vDSO's is_ready clear) and orders every change of is_ready
 * with the stage it follows.  Nothing is called under it but the write of
 * is_ready.
 */
static DEFINE_SPINLOCK(lrng_ready_vdso_lock);
static bool lrng_ready_vdso_blocked;

static const char *const lrng_seed_stage_names[] = {
	[LRNG_UNSEEDED] = "unseeded",
	[LRNG_INIT_SEEDED] = "initially seeded",
	[LRNG_MIN_SEEDED] = "minimally seeded",
	[LRNG_FULLY_SEEDED] = "fully seeded",
};

/**
 * lrng_seed_stage_name() - text for a seeding stage
 * @stage: the stage
 *
 * Return: the name as shown in /proc/lrng_type.
 */
const char *lrng_seed_stage_name(enum lrng_seed_stage stage)
{
	return lrng_seed_stage_names[stage];
}

/**
 * lrng_ready_stage_set() - the LRNG reached a seeding stage
 * @stage: the stage, above the current one
 *
 * Called by the entropy source manager while it holds its seeding flag,
 * after the seed went into every DRNG instance and its generation was
 * published (lrng_drng_publish()).  Reaching LRNG_FULLY_SEEDED is then
 * announced with lrng_ready_transition().
 */
void lrng_ready_stage_set(enum lrng_seed_stage stage)
{
	/* Pairs with the acquire in lrng_ready(). */
	smp_store_release(&lrng_ready_stage, stage);
}

/*
 * Whether the vDSO may serve now: the LRNG is fully seeded, no failed
 * self-test run blocks it (see lrng_ready_vdso_block()) and the NTG.1 mode
 * is off (see lrng_vdso.h).  lrng_ready_vdso_lock held.
 */
static bool lrng_ready_vdso_may_serve(void)
{
	lockdep_assert_held(&lrng_ready_vdso_lock);
	return lrng_ready() && !lrng_ready_vdso_blocked && !lrng_ntg1_enabled();
}

/**
 * lrng_ready_transition() - announce that the LRNG is fully seeded
 *
 * Called by the entropy source manager, in any context but NMI.
 */
void lrng_ready_transition(void)
{
	unsigned long flags;
	bool first;

	spin_lock_irqsave(&lrng_ready_lock, flags);
	first = !lrng_ready_fired;
	lrng_ready_fired = true;
	if (first)
		raw_notifier_call_chain(&lrng_ready_chain, 0, NULL);
	spin_unlock_irqrestore(&lrng_ready_lock, flags);

	/* Not after a fallback that came meanwhile (lrng_ready_lost()). */
	spin_lock_irqsave(&lrng_ready_vdso_lock, flags);
	if (lrng_ready_vdso_may_serve())
		lrng_vdso_set_ready(true);
	spin_unlock_irqrestore(&lrng_ready_vdso_lock, flags);

	wake_up_interruptible(&lrng_init_wait);
	kill_fasync(&lrng_fasync, SIGIO, POLL_IN);
	if (first)
		pr_notice("crng init done\n");
	else
		pr_notice("crng fully seeded again\n");
	if (lrng_urandom_warning.missed)
		pr_notice("%d urandom warning(s) missed due to ratelimiting\n",
			  lrng_urandom_warning.missed);
}

/**
 * lrng_ready_lost() - the LRNG fell back to unseeded
 *
 * Clears the vDSO's is_ready, so that the vDSO passes each call to
 * getrandom(2) with the caller's flags: GRND_NONBLOCK gets EAGAIN,
 * GRND_INSECURE gets bytes, other calls block, as for the system call.
 * Left set, the vDSO would go on serving callers that must wait, and after
 * the next seed's new generation re-key with a blocking getrandom(2) call
 * whatever flags its caller passed.  Then the stage drops to unseeded, so
 * that every reader (lrng_ready()) sees the fallback: the DRNG instances,
 * the NUMA nodes' too, keep no state of their own about it.  Called by the
 * entropy source manager, in any context but NMI.
 */
void lrng_ready_lost(void)
{
	unsigned long flags;

	/*
	 * Under lrng_ready_vdso_lock, which sets is_ready from the stage; not
	 * lrng_ready_lock: a callback that runs under it can get here.
	 */
	spin_lock_irqsave(&lrng_ready_vdso_lock, flags);
	lrng_vdso_set_ready(false);
	/* Pairs with the acquire in lrng_ready(). */
	smp_store_release(&lrng_ready_stage, LRNG_UNSEEDED);
	spin_unlock_irqrestore(&lrng_ready_vdso_lock, flags);
}

/**
 * lrng_ready_vdso_block() - keep the vDSO from serving getrandom() or not
 * @block: true after a failed run of the power-on self-tests, false after
 *	   a run that passed
 *
 * Called by the self-tests (lrng_selftest.c).  Blocking clears is_ready:
 * a thread whose vDSO state is keyed would otherwise go on generating from
 * it until the next generation, and each of its calls now goes to
 * getrandom(2), which fails with EIO.  No transition to fully seeded sets
 * is_ready while blocked.  Unblocking sets it again if the LRNG is fully
 * seeded, so that the vDSO serves again as getrandom(2) does.  is_ready
 * changes only under lrng_ready_vdso_lock, and a fallback clears it and the
 * stage together under it (lrng_ready_lost()), so that unblocking never
 * sets is_ready after a fallback.  The stage is left as it is: the DRNG
 * still serves the kernel.  Any context but NMI.
 */
void lrng_ready_vdso_block(bool block)
{
	unsigned long flags;

	spin_lock_irqsave(&lrng_ready_vdso_lock, flags);
	lrng_ready_vdso_blocked = block;
	if (block)
		lrng_vdso_set_ready(false);
	else if (lrng_ready_vdso_may_serve())
		lrng_vdso_set_ready(true);
	spin_unlock_irqrestore(&lrng_ready_vdso_lock, flags);
}

/**
 * lrng_ready_warn_unseeded_read() - log a /dev/urandom read before readiness
 * @len: bytes requested
 *
 * Rate limited unless random.ratelimit_disable is set.
 */
void lrng_ready_warn_unseeded_read(size_t len)
{
	if (!ratelimit_disable && lrng_urandom_maxwarn <= 0) {
		lrng_urandom_warning.missed++;
	} else if (ratelimit_disable || __ratelimit(&lrng_urandom_warning)) {
		lrng_urandom_maxwarn--;
		pr_notice("%s: uninitialized urandom read (%zu bytes read)\n",
			  current->comm, len);
	}
}

/**
 * execute_with_initialized_rng() - run a callback once the RNG is ready
 * @nb: notifier block whose notifier_call is run
 *
 * Runs @nb at once when the LRNG already was fully seeded, else at the
 * transition, in atomic context either way.
 *
 * Return: 0, or the error of registering @nb.
 */
int __cold execute_with_initialized_rng(struct notifier_block *nb)
{
	unsigned long flags;
	int ret = 0;

	spin_lock_irqsave(&lrng_ready_lock, flags);
	if (lrng_ready_fired)
		nb->notifier_call(nb, 0, NULL);
	else
		ret = raw_notifier_chain_register(&lrng_ready_chain, nb);
	spin_unlock_irqrestore(&lrng_ready_lock, flags);
	return ret;
}

/**
 * lrng_ready_wait() - sleep until the LRNG is fully seeded
 *
 * Every second of waiting asks the entropy sources for a seed again, so
 * that sources which deliver on request are read.
 *
 * Return: 0 once fully seeded, -ERESTARTSYS on a signal.
 */
int lrng_ready_wait(void)
{
	while (!lrng_ready()) {
		long ret;

		lrng_es_request_seed();
		ret = wait_event_interruptible_timeout(lrng_init_wait,
						       lrng_ready(), HZ);
		if (ret < 0)
			return ret;
	}
	return 0;
}

/**
 * lrng_ready_poll() - poll handler of /dev/random
 * @file: the file polled
 * @wait: poll table
 *
 * Return: readable once fully seeded, else writable, never both.
 */
__poll_t lrng_ready_poll(struct file *file, poll_table *wait)
{
	poll_wait(file, &lrng_init_wait, wait);
	return lrng_ready() ? EPOLLIN | EPOLLRDNORM : EPOLLOUT | EPOLLWRNORM;
}

/**
 * lrng_ready_fasync() - fasync handler of both devices
 * @fd: file descriptor
 * @filp: file
 * @on: add or remove
 *
 * Return: as fasync_helper().
 */
int lrng_ready_fasync(int fd, struct file *filp, int on)
{
	return fasync_helper(fd, filp, on, &lrng_fasync);
}
