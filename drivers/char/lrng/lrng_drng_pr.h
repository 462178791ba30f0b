/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG AIS 20/31 NTG.1 mode: its switch and prediction-resistant output
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_DRNG_PR_H
#define _LRNG_DRNG_PR_H

#include <linux/errno.h>
#include <linux/types.h>
#include <linux/uio.h>

#if IS_ENABLED(CONFIG_LRNG_AIS2031_NTG1_SEEDING_STRATEGY)
bool lrng_ntg1_enabled(void);
ssize_t lrng_drng_pr_read(struct iov_iter *iter, bool nonblock);
void lrng_drng_pr_wake(void);
void lrng_drng_pr_wake_sync(void);
#else
/* Without the option the mode does not exist: every caller's test is false. */
static inline bool lrng_ntg1_enabled(void)
{
	return false;
}

static inline ssize_t lrng_drng_pr_read(struct iov_iter *iter, bool nonblock)
{
	return -EOPNOTSUPP;
}

static inline void lrng_drng_pr_wake(void)
{
}

static inline void lrng_drng_pr_wake_sync(void)
{
}
#endif

#endif /* _LRNG_DRNG_PR_H */
