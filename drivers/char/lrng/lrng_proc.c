// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG status file: /proc/lrng_type
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * The format and every key are documented in
 * Documentation/admin-guide/lrng.rst.  Tools rely on the keys, so keys may
 * be added but never renamed or removed.
 */

#include <linux/init.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>

#include "lrng_drng_mgr.h"
#include "lrng_es_mgr.h"
#include "lrng_hash.h"
#include "lrng_health.h"

static int lrng_proc_type_show(struct seq_file *m, void *v)
{
	lrng_drng_mgr_state(m);
	lrng_hash_state(m, "Hash for conditioning");
	seq_printf(m, "SP800-90B compliant: %s\n",
		   lrng_sp80090b_compliant() ? "true" : "false");
	lrng_es_mgr_state(m);
	return 0;
}

static int __init lrng_proc_init(void)
{
	proc_create_single("lrng_type", 0444, NULL, lrng_proc_type_show);
	return 0;
}
device_initcall(lrng_proc_init);
