// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG test interface: the ACVT hash in debugfs
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * ACVT hash (CONFIG_LRNG_ACVT_HASH): each open file has its own SHA-256
 * state; writes hash their data; a read at offset 0 returns the digest of
 * all data written so far (lseek to 0 to read it again).
 * lrng_testing_init() (lrng_testing.c) creates the debugfs file,
 * lrng_testing/lrng_acvt_hash, with the other test interfaces.
 */

#include <crypto/sha2.h>
#include <linux/fs.h>
#include <linux/minmax.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "lrng_testing.h"

static int lrng_acvt_open(struct inode *inode, struct file *file)
{
	struct sha256_state *sctx = kmalloc(sizeof(*sctx), GFP_KERNEL);

	if (!sctx)
		return -ENOMEM;
	sha256_init(sctx);
	file->private_data = sctx;
	return 0;
}

static int lrng_acvt_release(struct inode *inode, struct file *file)
{
	kfree_sensitive(file->private_data);
	return 0;
}

static ssize_t lrng_acvt_write(struct file *file, const char __user *buf,
			       size_t count, loff_t *ppos)
{
	struct sha256_state *sctx = file->private_data;
	u8 chunk[SHA256_BLOCK_SIZE * 4];
	size_t done = 0, n;

	while (done < count) {
		n = min(count - done, sizeof(chunk));
		if (copy_from_user(chunk, buf + done, n))
			return done ? done : -EFAULT;
		sha256_update(sctx, chunk, n);
		done += n;
		if (fatal_signal_pending(current))
			break;
		cond_resched();
	}
	memzero_explicit(chunk, sizeof(chunk));
	return done;
}

static ssize_t lrng_acvt_read(struct file *file, char __user *buf,
			      size_t count, loff_t *ppos)
{
	struct sha256_state copy = *(struct sha256_state *)file->private_data;
	u8 digest[SHA256_DIGEST_SIZE];
	ssize_t ret;

	sha256_final(&copy, digest);
	ret = simple_read_from_buffer(buf, count, ppos, digest, sizeof(digest));
	memzero_explicit(digest, sizeof(digest));
	return ret;
}

const struct file_operations lrng_acvt_fops = {
	.owner = THIS_MODULE,
	.open = lrng_acvt_open,
	.release = lrng_acvt_release,
	.read = lrng_acvt_read,
	.write = lrng_acvt_write,
	.llseek = default_llseek,
};
