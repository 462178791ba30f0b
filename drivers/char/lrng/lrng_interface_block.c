// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG block device input
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * Built with CONFIG_BLOCK.  Disk completion times are mixed into the
 * auxiliary pool without credit: on today's solid state storage they are
 * too regular to justify any.
 */

#include <linux/blkdev.h>
#include <linux/random.h>
#include <linux/timex.h>

#include "lrng_es_aux.h"

/**
 * add_disk_randomness() - a request of @disk completed
 * @disk: the disk
 */
void add_disk_randomness(struct gendisk *disk)
{
	struct {
		unsigned long stamp;
		dev_t devt;
	} event;

	if (!disk)
		return;
	event.stamp = random_get_entropy();
	event.devt = disk_devt(disk);
	lrng_aux_insert(&event, sizeof(event), 0);
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
