/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG AIS 20/31 NTG.1 mode: its switch
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_DRNG_PR_H
#define _LRNG_DRNG_PR_H

#include <linux/types.h>

#if IS_ENABLED(CONFIG_LRNG_AIS2031_NTG1_SEEDING_STRATEGY)
bool lrng_ntg1_enabled(void);
#else
/* Without the option the mode does not exist: every caller's test is false. */
static inline bool lrng_ntg1_enabled(void)
{
	return false;
}
#endif

#endif /* _LRNG_DRNG_PR_H */
