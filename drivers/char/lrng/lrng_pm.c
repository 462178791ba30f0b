// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG suspend, resume and hibernation
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#include <linux/init.h>
#include <linux/ktime.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/random.h>
#include <linux/suspend.h>
#include <linux/timex.h>

#include "lrng_drng_mgr.h"
#include "lrng_es_aux.h"
#include "lrng_es_mgr.h"
#include "lrng_ready.h"

/*
 * Suspend and hibernation.  Every notification mixes its time into the
 * auxiliary pool.  Resume from suspend (without autosleep, which suspends
 * too often) reseeds.  A hibernation image holds the DRNG states of the
 * moment it was taken, and the kernel restored from it goes on with them:
 * a seed of the kernel that loads the image (PM_RESTORE_PREPARE, kept as
 * random.c has it) dies with that kernel.  So the restored kernel reseeds
 * at PM_POST_HIBERNATION, which also follows a failed hibernation, where
 * the seed does no harm.
 */
static int lrng_pm_notify(struct notifier_block *nb, unsigned long action,
			  void *data)
{
	struct {
		unsigned long action, cycles;
		ktime_t mono, boot, real;
	} stamp = {
		.action = action,
		.cycles = random_get_entropy(),
		.mono = ktime_get(),
		.boot = ktime_get_boottime(),
		.real = ktime_get_real(),
	};

	lrng_aux_insert(&stamp, sizeof(stamp), 0);
	if (lrng_ready() &&
	    (action == PM_RESTORE_PREPARE || action == PM_POST_HIBERNATION ||
	     (action == PM_POST_SUSPEND && !IS_ENABLED(CONFIG_PM_AUTOSLEEP) &&
	      !IS_ENABLED(CONFIG_PM_USERSPACE_AUTOSLEEP)))) {
		lrng_es_reseed_sync();
		pr_notice("crng reseeded on system resumption\n");
	}
	return 0;
}

static struct notifier_block lrng_pm_notifier = {
	.notifier_call = lrng_pm_notify,
};

/*
 * PM_POST_HIBERNATION comes only after the restored kernel has resumed its
 * devices and thawed the tasks, which may ask for random numbers before it.
 * The restore callbacks of a device run in the restored kernel alone (the
 * kernel that wrote the image gets thaw callbacks instead), before any task
 * is thawed: the noirq one marks every DRNG instance due for a reseed, as
 * injected data does, so that each asks the entropy sources for a seed
 * before its next output where the context allows.  Setting the flags
 * takes no lock.  A device's restore callback is the hook the PM core
 * offers at this point of the restore, so the LRNG registers one.
 */
static int lrng_pm_restore(struct device *dev)
{
	lrng_drng_force_reseed();
	return 0;
}

static const struct dev_pm_ops lrng_pm_ops = {
	.restore_noirq = lrng_pm_restore,
};

static struct platform_driver lrng_pm_driver = {
	.driver = {
		.name = "lrng",
		.pm = pm_sleep_ptr(&lrng_pm_ops),
	},
};

/*
 * Registered before user space runs, which is what starts a suspend or a
 * hibernation; the device only where an image can be restored.
 */
static int __init lrng_pm_init(void)
{
	struct platform_device *pdev;
	int ret;

	ret = register_pm_notifier(&lrng_pm_notifier);
	if (WARN_ON(ret) || !IS_ENABLED(CONFIG_HIBERNATION))
		return ret;

	ret = platform_driver_register(&lrng_pm_driver);
	if (ret)
		return ret;
	pdev = platform_device_register_simple("lrng", PLATFORM_DEVID_NONE,
					       NULL, 0);
	if (IS_ERR(pdev)) {
		ret = PTR_ERR(pdev);
		goto err_driver;
	}
	return 0;

err_driver:
	platform_driver_unregister(&lrng_pm_driver);
	return ret;
}
device_initcall(lrng_pm_init);
