// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG CPU hotplug callbacks
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * kernel/cpu.c calls random_prepare_cpu() on the control CPU before a CPU
 * comes up (CPUHP_RANDOM_PREPARE) and random_online_cpu() on the new CPU
 * (CPUHP_AP_RANDOM_ONLINE).  The boot CPU never passes through them: its
 * per-CPU state is valid from the static initialisers.
 */

#include <linux/cache.h>
#include <linux/random.h>

#include "lrng_batch.h"
#include "lrng_drng_mgr.h"
#include "lrng_drng_pcpu.h"
#include "lrng_es_irq.h"
#include "lrng_es_sched.h"

/**
 * random_prepare_cpu() - a CPU is about to come online
 * @cpu: the CPU
 *
 * Its batch of random integers is invalidated, so that it never hands out
 * bytes drawn before it went offline, and its interrupt collection array
 * and scheduler stamp buffer start empty.
 *
 * Return: 0.
 */
int __cold random_prepare_cpu(unsigned int cpu)
{
	lrng_batch_reset_cpu(cpu);
	lrng_drng_reset_cpu(cpu);
	lrng_irq_reset_cpu(cpu);
	lrng_sched_reset_cpu(cpu);
	return 0;
}

/**
 * random_online_cpu() - a CPU came online
 * @cpu: the CPU
 *
 * Return: 0.
 */
int __cold random_online_cpu(unsigned int cpu)
{
	return 0;
}
