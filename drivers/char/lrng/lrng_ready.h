/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG readiness: waiting for and announcing the fully seeded state
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 */

#ifndef _LRNG_READY_H
#define _LRNG_READY_H

#include <linux/fs.h>
#include <linux/poll.h>

void lrng_ready_transition(void);
void lrng_ready_lost(void);
int lrng_ready_wait(void);
__poll_t lrng_ready_poll(struct file *file, poll_table *wait);
int lrng_ready_fasync(int fd, struct file *filp, int on);
void lrng_ready_warn_unseeded_read(size_t len);

#endif /* _LRNG_READY_H */
