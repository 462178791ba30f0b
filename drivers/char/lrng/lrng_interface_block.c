// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG block device input
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * Built with CONFIG_BLOCK.  The disk of each completed request is mixed
 * into the interrupt entropy source without credit: the completion time is
 * that of its interrupt, and on today's solid state storage it is too
 * regular to justify any credit of its own.
 */

#include <linux/blkdev.h>
#include <linux/random.h>

#include "lrng_es_irq.h"

/**
 * add_disk_randomness() - a request of @disk completed
 * @disk: the disk
 */
void add_disk_randomness(struct gendisk *disk)
{
	if (!disk)
		return;
	lrng_irq_mix_u32(disk_devt(disk));
}
EXPORT_SYMBOL_GPL(add_disk_randomness);

/**
 * rand_initialize_disk() - a disk was allocated
 * @disk: the disk
 *
 * The LRNG keeps no per-disk state: disk->random stays NULL, which
 * disk_release() frees harmlessly.
 */
void __cold rand_initialize_disk(struct gendisk *disk)
{
	disk->random = NULL;
}
