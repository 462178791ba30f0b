/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The vDSO's getrandom() for the LRNG / random.c selftests that call it
 * directly.  A test that includes this builds with ../vDSO/parse_vdso.c
 * (see the Makefile).
 */
#ifndef LRNG_SELFTEST_VGETRANDOM_H
#define LRNG_SELFTEST_VGETRANDOM_H

#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>
#include <linux/random.h>

#include "../vDSO/parse_vdso.h"
#include "../vDSO/vdso_config.h"

/*
 * The vDSO's getrandom() with a state of its own, mapped as the vDSO asks
 * (tools/testing/selftests/vDSO/vdso_test_getrandom.c does the same).  A
 * forked child gets the mapping wiped: a new state, keyed at its first
 * call.
 */
typedef ssize_t (*lrng_vgetrandom_t)(void *buf, size_t len, unsigned int flags,
				     void *state, size_t state_len);

static lrng_vgetrandom_t lrng_vgetrandom_fn;
static struct vgetrandom_opaque_params lrng_vparams;
static void *lrng_vstate;

/* 0 when the vDSO has getrandom() and a state is mapped, else -1. */
static int lrng_vdso_setup(void)
{
	unsigned long ehdr = getauxval(AT_SYSINFO_EHDR);
	long page = sysconf(_SC_PAGESIZE);

	if (!ehdr)
		return -1;
	vdso_init_from_sysinfo_ehdr(ehdr);
	lrng_vgetrandom_fn = (lrng_vgetrandom_t)vdso_sym(versions[VDSO_VERSION],
							 names[VDSO_NAMES][6]);
	if (!lrng_vgetrandom_fn ||
	    lrng_vgetrandom_fn(NULL, 0, 0, &lrng_vparams, ~0UL) ||
	    lrng_vparams.size_of_opaque_state > (unsigned long)page)
		return -1;
	lrng_vstate = mmap(NULL, page, lrng_vparams.mmap_prot,
			   lrng_vparams.mmap_flags, -1, 0);
	return lrng_vstate == MAP_FAILED ? -1 : 0;
}

/* The vDSO's return value: the count, or a negative errno. */
static ssize_t lrng_vgetrandom(void *buf, size_t len, unsigned int flags)
{
	return lrng_vgetrandom_fn(buf, len, flags, lrng_vstate,
				  lrng_vparams.size_of_opaque_state);
}

#endif /* LRNG_SELFTEST_VGETRANDOM_H */
