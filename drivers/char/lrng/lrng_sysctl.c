// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG sysctls: /proc/sys/kernel/random/
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

/**
 * DOC: Sysctls in /proc/sys/kernel/random
 *
 * The names, modes and values of random.c, so that no tool notices the
 * change:
 *
 * - poolsize (0444): 256, the bits of entropy the DRNG is seeded with.
 * - entropy_avail (0444): the same value as the RNDGETENTCNT ioctl.  256
 *   while the LRNG is fully seeded, and only then; before, the entropy of
 *   the seeds so far plus what the sources hold now, capped at 255.  It
 *   does not fall as random numbers are read.
 * - write_wakeup_threshold (0644): 256.  Writes succeed and change nothing.
 * - urandom_min_reseed_secs (0644): the LRNG's reseed interval in seconds,
 *   600 (random.c shows 60).  Writes succeed and change nothing.
 * - boot_id (0444): a random UUID made at the first read, the same for the
 *   whole boot.
 * - uuid (0444): a new random UUID at every read.
 */

/*
 * The table is registered from a device initcall: sysctls do not exist yet
 * when random_init() runs.
 */

#include <linux/init.h>
#include <linux/spinlock.h>
#include <linux/sysctl.h>
#include <linux/uuid.h>

#include "lrng_definitions.h"
#include "lrng_drng_mgr.h"
#include "lrng_es_mgr.h"

static int lrng_sysctl_poolsize = LRNG_DRNG_SECURITY_STRENGTH_BITS;
static int lrng_sysctl_write_wakeup_bits = LRNG_DRNG_SECURITY_STRENGTH_BITS;

/* lrng_bootid_lock guards the creation of lrng_bootid at its first read. */
static DEFINE_SPINLOCK(lrng_bootid_lock);
static u8 lrng_bootid[UUID_SIZE];
static bool lrng_bootid_set;

/* boot_id when table->data is set, a fresh uuid when it is NULL. */
static int lrng_proc_do_uuid(const struct ctl_table *table, int write,
			     void *buf, size_t *lenp, loff_t *ppos)
{
	char uuid_string[UUID_STRING_LEN + 1];
	struct ctl_table fake_table = {
		.data = uuid_string,
		.maxlen = UUID_STRING_LEN,
	};
	u8 fresh[UUID_SIZE], *uuid = fresh;

	if (write)
		return -EPERM;

	if (table->data) {
		spin_lock(&lrng_bootid_lock);
		if (!lrng_bootid_set) {
			generate_random_uuid(lrng_bootid);
			lrng_bootid_set = true;
		}
		spin_unlock(&lrng_bootid_lock);
		uuid = lrng_bootid;
	} else {
		generate_random_uuid(fresh);
	}

	snprintf(uuid_string, sizeof(uuid_string), "%pU", uuid);
	return proc_dostring(&fake_table, 0, buf, lenp, ppos);
}

/* Read-only integers whose writes are accepted and ignored. */
static int lrng_proc_do_rointvec(const struct ctl_table *table, int write,
				 void *buf, size_t *lenp, loff_t *ppos)
{
	return write ? 0 : proc_dointvec(table, 0, buf, lenp, ppos);
}

/* An integer computed at each read; writes are accepted and ignored. */
static int lrng_proc_do_value(int value, int write, void *buf, size_t *lenp,
			      loff_t *ppos)
{
	struct ctl_table fake_table = {
		.data = &value,
		.maxlen = sizeof(value),
	};

	return write ? 0 : proc_dointvec(&fake_table, 0, buf, lenp, ppos);
}

static int lrng_proc_do_entropy_avail(const struct ctl_table *table,
				      int write, void *buf, size_t *lenp,
				      loff_t *ppos)
{
	return lrng_proc_do_value(lrng_entropy_level(), write, buf, lenp, ppos);
}

static int lrng_proc_do_reseed_secs(const struct ctl_table *table, int write,
				    void *buf, size_t *lenp, loff_t *ppos)
{
	return lrng_proc_do_value(lrng_drng_reseed_max_time(), write, buf, lenp,
				  ppos);
}

static struct ctl_table lrng_sysctl_table[] = {
	{
		.procname	= "poolsize",
		.data		= &lrng_sysctl_poolsize,
		.maxlen		= sizeof(int),
		.mode		= 0444,
		.proc_handler	= proc_dointvec,
	},
	{
		.procname	= "entropy_avail",
		.mode		= 0444,
		.proc_handler	= lrng_proc_do_entropy_avail,
	},
	{
		.procname	= "write_wakeup_threshold",
		.data		= &lrng_sysctl_write_wakeup_bits,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= lrng_proc_do_rointvec,
	},
	{
		.procname	= "urandom_min_reseed_secs",
		.mode		= 0644,
		.proc_handler	= lrng_proc_do_reseed_secs,
	},
	{
		.procname	= "boot_id",
		.data		= &lrng_bootid,
		.mode		= 0444,
		.proc_handler	= lrng_proc_do_uuid,
	},
	{
		.procname	= "uuid",
		.mode		= 0444,
		.proc_handler	= lrng_proc_do_uuid,
	},
};

static int __init lrng_sysctl_init(void)
{
	register_sysctl_init("kernel/random", lrng_sysctl_table);
	return 0;
}
device_initcall(lrng_sysctl_init);
