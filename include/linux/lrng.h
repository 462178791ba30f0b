/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Linux Random Number Generator (LRNG): interface for kernel code
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * Kernel code asks for random numbers through <linux/random.h>, which the
 * LRNG serves as random.c does.  This header holds what is specific to the
 * LRNG.
 */

#ifndef _LINUX_LRNG_H
#define _LINUX_LRNG_H

#include <linux/types.h>

/* Security strength of the LRNG's DRNGs in bits. */
#define LRNG_SECURITY_STRENGTH_BITS	256

#endif /* _LINUX_LRNG_H */
