// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG user-space interface: getrandom(2), /dev/random, /dev/urandom
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

/**
 * DOC: Devices and getrandom(2)
 *
 * getrandom(2), /dev/random and /dev/urandom behave as random.c's in Linux
 * 6.12:
 *
 * - getrandom(2) checks its flags, then, unless GRND_INSECURE is given,
 *   waits for the LRNG to be fully seeded (or fails with EAGAIN under
 *   GRND_NONBLOCK) before it looks at the buffer, even for length 0.
 *   GRND_RANDOM has no effect, unless the AIS 20/31 NTG.1 mode is on (see
 *   there): then it asks for prediction-resistant output, and so does a
 *   read of /dev/random opened with O_SYNC.
 * - /dev/random reads are getrandom(2) with flags 0 (O_NONBLOCK and
 *   RWF_NOWAIT give EAGAIN before readiness); /dev/urandom reads never
 *   block and log a rate-limited notice before readiness.  Only
 *   /dev/random has a poll method (readable once fully seeded).
 * - Reads are served from the per-CPU batch or from streams of one-time
 *   keys (see the per-CPU DRNGs); either way the bytes are copied to user
 *   space with no lock held, a pending signal ends a long read with a short
 *   count, and EFAULT comes only when nothing was copied.
 * - Writes to either device are hashed into the auxiliary pool, never
 *   credited, and make the DRNG reseed before its next output.
 * - The ioctls RNDGETENTCNT, RNDADDTOENTCNT, RNDADDENTROPY, RNDZAPENTCNT,
 *   RNDCLEARPOOL (both no-ops) and RNDRESEEDCRNG keep random.c's numbers,
 *   errnos and CAP_SYS_ADMIN checks.
 */

/*
 * Reads of up to LRNG_BATCH_SHORT_MAX bytes from the ChaCha20 DRNGs are
 * get_random_bytes() calls (lrng_batch.c); longer ones go through
 * lrng_drng_stream_get(), one generate call per 4 KiB.
 */

#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/random.h>
#include <linux/sched/signal.h>
#include <linux/syscalls.h>
#include <linux/uaccess.h>
#include <linux/uio.h>

#include "lrng_batch.h"
#include "lrng_drng_mgr.h"
#include "lrng_drng_pcpu.h"
#include "lrng_drng_pr.h"
#include "lrng_es_aux.h"
#include "lrng_es_mgr.h"
#include "lrng_ready.h"
#include "lrng_selftest.h"
#include "lrng_switch.h"

enum {
	LRNG_USER_BLOCK = 512,
	LRNG_WRITE_CHUNK = 64,
};

/*
 * Copy DRNG output to @iter; returns the bytes copied, -EFAULT, or -EIO when
 * the power-on self-tests failed.  The output goes through a block on the
 * stack, as in random.c: nothing is allocated, whatever the length.
 */
static ssize_t lrng_read_user(struct iov_iter *iter)
{
	/*
	 * Not zeroed at entry (CONFIG_INIT_STACK_ALL_ZERO would clear all of
	 * it at every call, also for a 4-byte read): only bytes the DRNG
	 * wrote are copied out, and those are wiped before the return.
	 */
	u8 block[LRNG_USER_BLOCK] __uninitialized;
	/* Its key state is written before use, wiped after: not zeroed here. */
	struct lrng_drng_stream st __uninitialized;
	size_t copied, todo, used;
	ssize_t total = 0;

	if (unlikely(!lrng_selftest_passed()))
		return -EIO;
	if (unlikely(!iov_iter_count(iter)))
		return 0;

	if (iov_iter_count(iter) <= LRNG_BATCH_SHORT_MAX &&
	    !lrng_drng_switched()) {
		todo = iov_iter_count(iter);
		get_random_bytes(block, todo);
		copied = copy_to_iter(block, todo, iter);
		memzero_explicit(block, todo);
		return copied ? (ssize_t)copied : -EFAULT;
	}

	/* The first chunk is the largest: the bytes of @block ever written. */
	used = min_t(size_t, iov_iter_count(iter), sizeof(block));
	st.left = 0;
	st.keyed = false;
	for (;;) {
		todo = min_t(size_t, iov_iter_count(iter), sizeof(block));
		lrng_drng_stream_get(&st, block, todo);
		copied = copy_to_iter(block, todo, iter);
		total += copied;
		if (!iov_iter_count(iter) || copied != todo)
			break;
		if (total % PAGE_SIZE == 0) {
			/* A failed self-test run ends a long read too. */
			if (signal_pending(current) ||
			    unlikely(!lrng_selftest_passed()))
				break;
			cond_resched();
		}
	}

	memzero_explicit(block, used);
	lrng_drng_stream_end(&st);
	return total ? total : -EFAULT;
}

/* Hash user data into the aux pool; returns the bytes taken or -EFAULT. */
static ssize_t lrng_write_user(struct iov_iter *iter)
{
	u8 block[LRNG_WRITE_CHUNK];
	ssize_t total = 0;
	size_t copied;

	if (unlikely(!iov_iter_count(iter)))
		return 0;

	for (;;) {
		copied = copy_from_iter(block, sizeof(block), iter);
		total += copied;
		lrng_aux_insert(block, copied, 0);
		if (!iov_iter_count(iter) || copied != sizeof(block))
			break;
		if (total % PAGE_SIZE == 0) {
			if (signal_pending(current))
				break;
			cond_resched();
		}
	}

	memzero_explicit(block, sizeof(block));
	if (total)
		lrng_drng_force_reseed();
	return total ? total : -EFAULT;
}

SYSCALL_DEFINE3(getrandom, char __user *, ubuf, size_t, len, unsigned int,
		flags)
{
	struct iov_iter iter;
	int ret;

	if (flags & ~(GRND_NONBLOCK | GRND_RANDOM | GRND_INSECURE))
		return -EINVAL;
	/* Insecure and blocking output at the same time makes no sense. */
	if ((flags & (GRND_INSECURE | GRND_RANDOM)) ==
	    (GRND_INSECURE | GRND_RANDOM))
		return -EINVAL;

	if (!lrng_ready() && !(flags & GRND_INSECURE)) {
		if (flags & GRND_NONBLOCK)
			return -EAGAIN;
		ret = lrng_ready_wait();
		if (unlikely(ret))
			return ret;
	}

	ret = import_ubuf(ITER_DEST, ubuf, len, &iter);
	if (unlikely(ret))
		return ret;
	if ((flags & GRND_RANDOM) && lrng_ntg1_enabled())
		return lrng_drng_pr_read(&iter, flags & GRND_NONBLOCK);
	return lrng_read_user(&iter);
}

static ssize_t lrng_random_read_iter(struct kiocb *kiocb,
				     struct iov_iter *iter)
{
	bool nonblock = (kiocb->ki_flags & (IOCB_NOWAIT | IOCB_NOIO)) ||
			(kiocb->ki_filp->f_flags & O_NONBLOCK);
	int ret;

	if (!lrng_ready() && nonblock)
		return -EAGAIN;

	ret = lrng_ready_wait();
	if (ret)
		return ret;
	/* O_SYNC, or RWF_SYNC for this read. */
	if ((kiocb->ki_flags & IOCB_SYNC) && lrng_ntg1_enabled())
		return lrng_drng_pr_read(iter, nonblock);
	return lrng_read_user(iter);
}

static ssize_t lrng_urandom_read_iter(struct kiocb *kiocb,
				      struct iov_iter *iter)
{
	if (!lrng_ready()) {
		/* Give sources that deliver on request a chance first. */
		lrng_es_reseed(false);
		if (!lrng_ready())
			lrng_ready_warn_unseeded_read(iov_iter_count(iter));
	}
	return lrng_read_user(iter);
}

static ssize_t lrng_write_iter(struct kiocb *kiocb, struct iov_iter *iter)
{
	return lrng_write_user(iter);
}

static long lrng_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	int __user *p = (int __user *)arg;
	struct iov_iter iter;
	int ent_count, len;
	ssize_t ret;

	switch (cmd) {
	case RNDGETENTCNT:
		if (put_user(lrng_entropy_level(), p))
			return -EFAULT;
		return 0;
	case RNDADDTOENTCNT:
		if (!capable(CAP_SYS_ADMIN))
			return -EPERM;
		if (get_user(ent_count, p))
			return -EFAULT;
		if (ent_count < 0)
			return -EINVAL;
		lrng_aux_credit(ent_count);
		return 0;
	case RNDADDENTROPY:
		if (!capable(CAP_SYS_ADMIN))
			return -EPERM;
		if (get_user(ent_count, p++))
			return -EFAULT;
		if (ent_count < 0)
			return -EINVAL;
		if (get_user(len, p++))
			return -EFAULT;
		ret = import_ubuf(ITER_SOURCE, p, len, &iter);
		if (unlikely(ret))
			return ret;
		ret = lrng_write_user(&iter);
		if (unlikely(ret < 0))
			return ret;
		/* Credit only what was taken whole. */
		if (unlikely(ret != len))
			return -EFAULT;
		lrng_aux_credit(ent_count);
		return 0;
	case RNDZAPENTCNT:
	case RNDCLEARPOOL:
		/* No effect, as in random.c: collected entropy is kept. */
		if (!capable(CAP_SYS_ADMIN))
			return -EPERM;
		return 0;
	case RNDRESEEDCRNG:
		if (!capable(CAP_SYS_ADMIN))
			return -EPERM;
		if (!lrng_ready())
			return -ENODATA;
		lrng_es_reseed_sync();
		return 0;
	default:
		return -EINVAL;
	}
}

const struct file_operations random_fops = {
	.read_iter = lrng_random_read_iter,
	.write_iter = lrng_write_iter,
	.poll = lrng_ready_poll,
	.unlocked_ioctl = lrng_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
	.fasync = lrng_ready_fasync,
	.llseek = noop_llseek,
	.splice_read = copy_splice_read,
	.splice_write = iter_file_splice_write,
};

/* No .poll: poll reports always ready and epoll refuses, as with random.c. */
const struct file_operations urandom_fops = {
	.read_iter = lrng_urandom_read_iter,
	.write_iter = lrng_write_iter,
	.unlocked_ioctl = lrng_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
	.fasync = lrng_ready_fasync,
	.llseek = noop_llseek,
	.splice_read = copy_splice_read,
	.splice_write = iter_file_splice_write,
};
