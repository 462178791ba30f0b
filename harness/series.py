#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Make the LRNG patch series (make patch).

usage: series.py ROOT KSRC WORKDIR OUTDIR

A scratch git repository is made in WORKDIR from KSRC's pristine copies of
the files the series changes (git format-patch and git am only look at
those; the blob ids in the patches are those of the full tree). Each step
of STEPS below is one commit; git format-patch --cover-letter writes the
series to OUTDIR.

A step adds files and Kconfig symbols. The Kconfig files, Makefiles and
the MAINTAINERS entry of each step are the repository's, cut down to what
the steps so far added: a "config" stanza (or choice) whose symbol is not
added yet is left out, and so is an "if" block left empty; a Makefile line
naming an object, directory or test whose source is not there yet, and a
header of LOCAL_HDRS that is not there yet; an F: line whose path is not
there yet. So every step is the final file minus the later steps' parts,
and the last step gives the repository's files.

Until the "hook" step, which sources drivers/char/lrng/Kconfig and builds
drivers/char/lrng/ in place of random.c, the LRNG is not built: the
earlier steps add the core one piece at a time, in the order a reader
needs them, and each tree builds as the pristine one does. From the hook
step on, every step builds with the symbols added so far.

A file or Kconfig symbol that no step names goes to the step of its area
(STEP_OF_AREA) and a note is printed, so the series is always complete.

SIGNOFF="Name <mail>" in the environment makes that the author of the
patches and adds its Signed-off-by. Without it the patches carry the
MAINTAINERS entry's name, no Signed-off-by, and are marked as not signed
off (subject prefix and cover letter). Dates are fixed (the repository's
last commit), so the same sources give the same series.
"""
import os
import re
import shutil
import subprocess
import sys

OVERLAY = ['drivers/char/lrng', 'include/linux/lrng.h',
           'Documentation/admin-guide/lrng.rst',
           'Documentation/ABI/testing/debugfs-lrng',
           'tools/testing/selftests/lrng']
PATCHES = ['Kconfig.patch', 'Makefile.patch', 'sched.patch']
LRNG = 'drivers/char/lrng/'
SELFTESTS = 'tools/testing/selftests/lrng/'
RST = 'Documentation/admin-guide/lrng.rst'
UNSIGNED = 'PATCH NOT-SIGNED-OFF'


class Step:
    """One patch: its name, subject and body, the files it adds (paths
    from the top of the tree), the Kconfig symbols it adds and the patches
    of PATCHES it applies (the hook step applies the others)."""

    def __init__(self, name, subject, body, files=(), syms=(), patches=()):
        self.name, self.subject, self.body = name, subject, body
        self.files, self.syms = list(files), list(syms)
        self.patches = list(patches)


def L(*names):
    return [LRNG + n for n in names]


def T(*names):
    return [LRNG + 'tests/' + n for n in names]


def S(*names):
    return [SELFTESTS + n for n in names]


STEPS = [
    Step('hash', 'lrng: add the conditioning hash and the common definitions',
         """\
The LRNG is a drop-in replacement for drivers/char/random.c, selected
with CONFIG_LRNG: an entropy source manager seeds a ChaCha20 DRNG in
stages (initially, minimally and fully seeded) from several entropy
sources, designed for NIST SP800-90A/B/C, and keeps random.c's user
space ABI and in-kernel API. This series adds it one part at a time;
drivers/char/ starts building it with the patch that adds its
interfaces.

This patch adds what every part uses: the security strength and seeding
thresholds (lrng_definitions.h), the SHA-256 conditioning hash that
compresses entropy source data, the interface every entropy source
implements and the entropy source manager's functions (lrng_es_mgr.h),
include/linux/lrng.h with the callbacks through which an extension can
later replace the DRNG and the hash, the LRNG's main Kconfig option and
its MAINTAINERS entry.""",
         L('lrng_definitions.h', 'lrng_hash.c', 'lrng_hash.h',
           'lrng_es_mgr.h') + ['include/linux/lrng.h'], ['LRNG']),
    Step('aux', 'lrng: add the auxiliary entropy pool',
         """\
Writes to /dev/random, the RNDADDENTROPY ioctl, add_device_randomness(),
add_hwgenerator_randomness(), the boot loader seed and the VM fork
notification feed data that random.c mixes into its input pool. The
LRNG hashes all input that is not an interrupt time stamp into one
auxiliary pool, which works from the first instructions of
start_kernel(). Each input is credited as random.c credits it, and the
pool's credit is capped at the digest size (SP800-90B section
3.1.5.1).""",
         L('lrng_es_aux.c', 'lrng_es_aux.h')),
    Step('cpu', 'lrng: add the CPU entropy source',
         """\
The CPU's random number instructions (RDSEED, falling back to RDRAND, on
x86) are read when the DRNG is seeded. They are credited with
CONFIG_LRNG_CPU_ENTROPY_RATE bits per 256 bits; random.trust_cpu=off
sets the credit to 0 at boot, as random.c does. Below full entropy, a
seed draws more data and compresses it with the conditioning hash so
that its slot carries the requested entropy;
CONFIG_LRNG_TEST_CPU_ES_COMPRESSION forces that path for testing.""",
         L('lrng_es_cpu.c', 'lrng_es_cpu.h'),
         ['LRNG_CPU_ENTROPY_RATE', 'LRNG_TEST_CPU_ES_COMPRESSION']),
    Step('ready', 'lrng: track the seeding stages and wake the waiters',
         """\
Callers of wait_for_random_bytes(), getrandom(2) without GRND_NONBLOCK
and the execute_with_initialized_rng() callbacks wait until the LRNG is
fully seeded. The readiness code keeps the one record of the seeding
stage and, when the LRNG becomes fully seeded, runs the callbacks, tells
the vDSO that getrandom(2) no longer blocks and wakes the waiters, in
the order random.c keeps. The header of the AIS 20/31 NTG.1 mode, which
comes later in the series, is added here: its stubs keep the mode off
until then.""",
         L('lrng_ready.c', 'lrng_ready.h', 'lrng_vdso.h',
           'lrng_drng_pr.h')),
    Step('chacha20', 'lrng: add the ChaCha20 DRNG',
         """\
The DRNG is ChaCha20 with fast key erasure, as in random.c: every call
replaces the key with the first 32 bytes of its own key stream, so a
compromise of the state never reveals earlier output. A seed is XORed
into the key and never replaces the state. With
CONFIG_LRNG_CHACHA20_SIMD the whole blocks of large requests may come
from the architecture's SIMD ChaCha20 code, where the calling context
allows it.""",
         L('lrng_drng_chacha20.c', 'lrng_drng_chacha20.h'),
         ['LRNG_CHACHA20_SIMD']),
    Step('selftest', 'lrng: add the power-on self-tests',
         """\
Known-answer tests of the ChaCha20 DRNG and of SHA-256 run at boot.
After a failure user space gets EIO instead of random numbers, and the
result is in /sys/module/lrng_selftest/parameters/selftest_status for
an auditor. Labs ask for self-tests on demand: root writes 1 to that
file to run them again, and a failure then has the effect it has at
boot.""",
         L('lrng_selftest.c', 'lrng_selftest.h')),
    Step('drngmgr', 'lrng: add the DRNG manager',
         """\
The DRNG manager owns the DRNG instances: it seeds them from the entropy
source manager, reseeds them when a reseed is due, and falls back to
unseeded after lrng_drng_mgr.max_wo_reseed generate calls without a
reseed of full strength (changeable at run time with
CONFIG_LRNG_RUNTIME_MAX_WO_RESEED_CONFIG). The headers of the per-CPU
DRNGs, the NUMA instances and the switch are added here; their code
follows in the next patches and, for the switch, later in the
series.""",
         L('lrng_drng_mgr.c', 'lrng_drng_mgr.h', 'lrng_drng_pcpu.h',
           'lrng_numa.h', 'lrng_switch.h'),
         ['LRNG_RUNTIME_MAX_WO_RESEED_CONFIG']),
    Step('pcpu', 'lrng: serve requests from per-CPU DRNGs',
         """\
One DRNG behind a lock does not scale to many CPUs reading random
numbers at once. Each CPU gets its own ChaCha20 DRNG, rekeyed from its
node's DRNG instance whenever that instance was reseeded, so that a
seeded system takes no global lock to produce random numbers. Large
requests and user space reads are expanded with interrupts on. The
header of the test hooks comes with it: the output paths call the
hooks of the origin counters, which a later patch fills in.""",
         L('lrng_drng_pcpu.c', 'lrng_testing.h')),
    Step('numa', 'lrng: add one DRNG instance per NUMA node',
         """\
On a machine with more than one NUMA node, every node gets its own DRNG
instance in its own memory once the LRNG is fully seeded, so that the
per-CPU DRNGs of a node rekey from a local instance and the nodes never
share a cache line on the output path. Until then, or when the
allocation fails, the initial instance serves every node.""",
         L('lrng_numa.c')),
    Step('essources',
         'lrng: add the table of entropy sources and the seeding policy',
         """\
The entropy source manager keeps one table of the entropy sources and
asks each the same questions: how much entropy it holds, what it gives
for a seed of a given strength, what it prints in /proc/lrng_type. This
patch adds that table, the policy that weighs what the sources hold
against what a seed must carry, and the drawing of a seed from them. The
interrupt, Jitter RNG and scheduler sources come later in the series;
their headers are added here, whose stubs the table uses while they are
not configured. In FIPS mode, CONFIG_LRNG_OVERSAMPLE_ENTROPY_SOURCES
asks every source for more than it is credited for, as SP800-90C asks.""",
         L('lrng_es_sources.c', 'lrng_es_sources.h',
           'lrng_es_irq.h', 'lrng_es_jent.h', 'lrng_es_sched.h'),
         ['LRNG_OVERSAMPLE_ENTROPY_SOURCES']),
    Step('esmgr', 'lrng: add the entropy source manager',
         """\
The entropy source manager ties the sources to the DRNGs: it decides
when a reseed is due, draws the seed through the table of the previous
patch, adds up the credited entropy and advances the seeding stage.
CONFIG_LRNG_RUNTIME_ES_CONFIG lets root change the sources' entropy
rates at run time.""",
         L('lrng_es_mgr.c'),
         ['LRNG_RUNTIME_ES_CONFIG']),
    Step('batch', 'lrng: add the per-CPU batch for get_random_u8() .. u64()',
         """\
get_random_u8() .. get_random_u64() and short get_random_bytes() calls
are served from a per-CPU batch of DRNG output, as random.c does, so
that the many small requests of the kernel do not each run the DRNG.
A batch is refilled when it is used up or when the DRNG was reseeded,
so no IPI is needed; until the LRNG is fully seeded the batch is
bypassed.""",
         L('lrng_batch.c', 'lrng_batch.h')),
    Step('hook',
         'lrng: add the interfaces and build the LRNG instead of random.c',
         """\
The in-kernel API of random.c (get_random_bytes(), the
add_*_randomness() hooks, wait_for_random_bytes(), the ready callbacks),
the character devices, getrandom(2), the kernel/random sysctls, the CPU
hotplug, block device and VM fork hooks complete the LRNG. From this
patch on, drivers/char/Kconfig offers CONFIG_LRNG and
drivers/char/Makefile builds drivers/char/lrng/ instead of random.o when
it is set. With CONFIG_LRNG=n the kernel builds and behaves as before.""",
         L('lrng_interface_kernel.c', 'lrng_interface_dev.c',
           'lrng_interface_block.c', 'lrng_interface_cpuhp.c',
           'lrng_interface_vmfork.c', 'lrng_sysctl.c')),
    Step('pm', 'lrng: reseed on resume and in a kernel restored from hibernation',
         """\
random.c reseeds when the system resumes from suspend and before a
hibernation image is loaded (PM_RESTORE_PREPARE). The second seed goes
to the kernel that loads the image, whose memory the image then
replaces: the restored kernel would go on with the DRNG states of the
moment the image was taken, and every resume of one image would give
the same output until the next periodic reseed.

The LRNG's PM notifier mixes the time of every notification into the
auxiliary pool, reseeds at PM_POST_SUSPEND (not under autosleep),
PM_RESTORE_PREPARE and PM_POST_HIBERNATION, and, with
CONFIG_HIBERNATION, a platform device "lrng" has a restore_noirq
callback, which runs only in the restored kernel and before its tasks
thaw: it marks every DRNG instance due for a reseed before its next
output.""",
         L('lrng_pm.c')),
    Step('alias', "lrng: accept the out-of-tree LRNG's parameter names",
         """\
Users who come from the out-of-tree LRNG have kernel command lines with
its parameter names, several of which differ from this series' (for
example lrng_es_jent.jent_entropy for lrng_es_jent.jitterrng). The
kernel ignores a dotted parameter that nothing declares, so such a
command line would silently do nothing.

lrng_param_alias.h declares a parameter under both names from one set
of arguments: one variable, one kernel_param_ops, one mode, so the
other name parses and checks exactly as the first and there is one
owner of each variable. The patches that add the parameters use it.
Documentation/admin-guide/lrng.rst lists the names.

A module gets only the command-line parameters prefixed with its own
name, and the out-of-tree LRNG's names of the extensions' parameters,
added later in the series, have other prefixes (lrng_drng_drbg.,
lrng_drng_kcapi., lrng_hash_kcapi.). When an extension is a module,
lrng_param_alias.c, built in, applies those names from the command line
to the module as it loads, with parse_args() and the module's own
kernel_param, before the load arguments, which win.""",
         L('lrng_param_alias.h', 'lrng_param_alias.c')),
    Step('health', 'lrng: add the SP800-90B health tests',
         """\
SP800-90B section 4.4 asks for a repetition count and an adaptive
proportion test on every sample of a noise source, and a start-up test
before its first use. They run on every interrupt time stamp, with
cut-offs derived from the credited entropy rate; the start-up test
covers each CPU's first 1024 samples. A failure stops the source's
credit; a failure during a start-up test stops it until reboot (and
panics in FIPS mode with CONFIG_LRNG_HEALTH_TESTS_PANIC, or in any mode
with lrng_health.panic_on_permanent_health_failure=1). The options come
with the interrupt source, two patches later.""",
         L('lrng_health.c', 'lrng_health.h')),
    Step('array',
         'lrng: add the interrupt collection array and the GCD analysis',
         """\
The interrupt entropy source, added with the next patch, records the
time stamp of every interrupt in hard-IRQ context. Hashing each one
there would be too slow, so the time stamps go to a per-CPU collection
array that is hashed into a per-CPU pool when it is full or when the
LRNG is seeded. A GCD analysis of the first time stamps finds constant
low bits of coarse timers, which are shifted out before the time stamps
are stored. The code is built with CONFIG_LRNG_IRQ, which the next
patch adds.""",
         L('lrng_gcd.c', 'lrng_gcd.h', 'lrng_es_irq_array.c',
           'lrng_es_irq_array.h', 'lrng_es_irq_pool.c', 'lrng_es_irq_pool.h')),
    Step('irq', 'lrng: add the interrupt entropy source',
         """\
The LRNG's internal entropy source (CONFIG_LRNG_IRQ, default y): the
time stamp of every interrupt goes through the health tests into the
collection array, hashed into the per-CPU pools either as soon as the
array is full (continuous compression) or when the LRNG is seeded.
256 interrupts are credited with 256 bits by default
(CONFIG_LRNG_IRQ_ENTROPY_RATE, boot parameter lrng_es_irq.irq_entropy=).
CONFIG_LRNG_HEALTH_TESTS (default y) runs the health tests added two
patches earlier on every time stamp. A power-on self-test checks the
collection array.""",
         L('lrng_es_irq.c', 'lrng_selftest_irq.c'),
         ['LRNG_IRQ', 'LRNG_CONTINUOUS_COMPRESSION',
          'LRNG_SWITCHABLE_CONTINUOUS_COMPRESSION', 'LRNG_COLLECTION_SIZE_32',
          'LRNG_COLLECTION_SIZE_256', 'LRNG_COLLECTION_SIZE_512',
          'LRNG_COLLECTION_SIZE_1024', 'LRNG_COLLECTION_SIZE_2048',
          'LRNG_COLLECTION_SIZE_4096', 'LRNG_COLLECTION_SIZE_8192',
          'LRNG_COLLECTION_SIZE', 'LRNG_IRQ_ENTROPY_RATE',
          'LRNG_HEALTH_TESTS', 'LRNG_HEALTH_TESTS_PANIC']),
    Step('proc', 'lrng: add /proc/lrng_type',
         """\
Administrators and auditors need to see which DRNG and hash are in use,
the seeding state, whether the LRNG is SP800-90B compliant and each
entropy source's properties. /proc/lrng_type prints them as one
"Key: value" per line.""",
         L('lrng_proc.c')),
    Step('testing', 'lrng: add debugfs taps of raw entropy for a lab',
         """\
An SP800-90B assessment of the interrupt source needs its raw samples
and a way to check the hash against the ACVP test vectors. The debugfs
interfaces of CONFIG_LRNG_TESTING_MENU (lrng_raw_hires, ...,
lrng_acvt_hash) give them; data a tap takes is never credited.
Documentation/ABI/testing/debugfs-lrng describes them.""",
         L('lrng_testing.c', 'lrng_testing_acvt.c') +
         ['Documentation/ABI/testing/debugfs-lrng'],
         ['LRNG_TESTING_MENU', 'LRNG_RAW_HIRES_ENTROPY',
          'LRNG_RAW_JIFFIES_ENTROPY', 'LRNG_RAW_IRQ_ENTROPY',
          'LRNG_RAW_IRQFLAGS_ENTROPY', 'LRNG_RAW_RETIP_ENTROPY',
          'LRNG_RAW_REGS_ENTROPY', 'LRNG_RAW_ARRAY', 'LRNG_IRQ_PERF',
          'LRNG_ACVT_HASH', 'LRNG_TEST_HEALTH_STUCK', 'LRNG_TESTING']),
    Step('selftest-fail',
         'lrng: let a test kernel make the power-on self-test fail',
         """\
Test kernels need to show what a failed run of the power-on self-tests
does. CONFIG_LRNG_TEST_SELFTEST_FAIL makes the next run fail its
ChaCha20 known-answer test on request, through the module parameter
lrng_selftest.corrupt_next.""",
         L('lrng_selftest_inject.c'), ['LRNG_TEST_SELFTEST_FAIL']),
    Step('sched-hook',
         'sched: let the LRNG time every context switch',
         """\
The LRNG's scheduler entropy source, added with the next patch, credits
the time of context switches: in an idle VM the interrupt source sees
few device interrupts, while the scheduler switches tasks all the time.
__schedule() calls add_sched_randomness() once it has picked a next
task other than the current one, with the runqueue locked and
interrupts off. <linux/random.h> declares it only with
CONFIG_LRNG_SCHED; otherwise, and for a kernel with random.c, it is an
empty inline and the scheduler is unchanged.

The call only reads the cycle counter and stores the stamp in a per-CPU
buffer; every 32nd switch it queues a per-CPU irq_work, which is
lockless. It takes no lock, wakes nothing and never sleeps, so it
cannot deadlock on the runqueue lock.""",
         patches=['sched.patch']),
    Step('sched', 'lrng: add the scheduler entropy source',
         """\
CONFIG_LRNG_SCHED credits the time stamps of context switches, one more
entry of the entropy source manager's table. The stamps of each CPU are
divided by their GCD and their 8 least significant bits are tested
with the SP800-90B health tests, with the source's own cut-offs and
verdict, in the CPU's irq_work, which hashes them into the CPU's pool;
a reader takes the pools as for the interrupt source. The default rate
is low (CONFIG_LRNG_SCHED_ENTROPY_RATE, 8192 switches for 256 bits;
boot parameter lrng_es_sched.sched_entropy=): switches are partly
predictable from the workload and correlated with the timer interrupts
that the interrupt source already credits. /proc/lrng_type shows the
source's block, and CONFIG_LRNG_RAW_SCHED_HIRES_ENTROPY adds a raw tap
of its time stamps.""",
         L('lrng_es_sched.c'),
         ['LRNG_SCHED', 'LRNG_SCHED_ENTROPY_RATE',
          'LRNG_RAW_SCHED_HIRES_ENTROPY']),
    Step('jent', 'lrng: add the Jitter RNG entropy source',
         """\
Machines with few interrupts and no trusted CPU source take long to be
fully seeded. CONFIG_LRNG_JENT seeds the LRNG also from the CPU
execution time jitter RNG of crypto/jitterentropy.c, which delivers
entropy on request. It is credited with 16 bits per 256 bits by default
(CONFIG_LRNG_JENT_ENTROPY_RATE, boot parameter
lrng_es_jent.jitterrng=).

A lab that assesses this source needs its raw noise. The kernel's own
Jitter RNG test interface (CONFIG_CRYPTO_JITTERENTROPY_TESTINTERFACE)
gives it, but has a prompt only with CONFIG_CRYPTO_FIPS and
CONFIG_EXPERT; CONFIG_LRNG_RAW_JENT_ENTROPY in the LRNG's test menu
selects it.""",
         L('lrng_es_jent.c'),
         ['LRNG_JENT', 'LRNG_JENT_ENTROPY_RATE', 'LRNG_RAW_JENT_ENTROPY']),
    Step('switch', 'lrng: allow switching the DRNG and hash at run time',
         """\
Some deployments must use an SP800-90A DRBG, or a DRNG and hash from the
kernel crypto API, instead of ChaCha20 and SHA-256. CONFIG_LRNG_SWITCH
lets a module replace them at run time, reseeding the new DRNG from the
entropy sources; CONFIG_LRNG_DRBG and CONFIG_LRNG_KCAPI are such
modules.""",
         L('lrng_switch.c', 'lrng_kcapi_common.c', 'lrng_drbg.c',
           'lrng_kcapi.c'),
         ['LRNG_SWITCH', 'LRNG_KCAPI_COMMON', 'LRNG_DRBG', 'LRNG_KCAPI']),
    Step('ntg1',
         'lrng: add the AIS 20/31 NTG.1 seeding and prediction resistance',
         """\
Labs that certify the RNG of a product under BSI's AIS 20/31 (2024)
class NTG.1 need its seeding strategy: a full seed takes 240 bits from
each of two entropy sources. They also need prediction-resistant output,
each block of at most the security strength from a DRNG reseeded with
such a seed just before it.

CONFIG_LRNG_AIS2031_NTG1_SEEDING_STRATEGY adds the boot parameter
lrng_es_mgr.ntg1, default off, which changes nothing while it is off.
With it, the entropy source manager applies the strategy where it
decides the seeding stage and whether a reseed is of full strength; and
getrandom(2) with GRND_RANDOM and /dev/random opened with O_SYNC are
served by a DRNG of their own, reseeded before every 32 bytes. Those
reads return their full count as other reads do: they sleep until the
sources hold a seed, are woken by the sources' credits, stop between
blocks for a signal, and give EAGAIN under GRND_NONBLOCK only when
nothing was copied. Readers serialise on a mutex that is never held
while waiting. The vDSO's getrandom(), which cannot tell GRND_RANDOM
apart, passes every call to the system call in this mode.""",
         L('lrng_drng_pr.c'), ['LRNG_AIS2031_NTG1_SEEDING_STRATEGY']),
    Step('drbg-boot',
         'lrng: add the SP800-90A DRBG as the DRNG that serves from boot',
         """\
A FIPS 140-3 security policy needs every output of the kernel's RNG to
come from an approved DRBG, or from state derived from it in a way the
policy can state. CONFIG_LRNG_DRNG_BOOT_DRBG builds the DRBG extension
in and makes its DRBG take over at device_initcall_sync, the first
level at which the crypto API has the DRBG, its self-tests and the
Jitter RNG that FIPS mode needs. From then on user space reads the
DRBG's output, and the per-CPU ChaCha20 DRNGs of in-kernel callers are
replaced by DRBG output at the takeover and at every reseed; no entropy
source seeds them. CONFIG_LRNG_TEST_DRNG_ORIGIN counts the bytes of each
output path by the DRNG that served them, in debugfs, for tests.""",
         L('lrng_drng_boot.c', 'lrng_testing_origin.c'),
         ['LRNG_DRNG_BOOT_CHACHA20', 'LRNG_DRNG_BOOT_DRBG',
          'LRNG_TEST_DRNG_ORIGIN']),
    Step('kunit-drng', 'lrng: add KUnit tests of the DRNG and the batch',
         """\
CONFIG_LRNG_KUNIT_TEST: known-answer and behaviour tests of the ChaCha20
DRNG (vectors of RFC 8439 and of an independent implementation of its
key and seed rules), of the per-CPU batch of get_random_u8() ..
get_random_u64() and short get_random_bytes() requests over many
refills, and of the reseed a DRNG gets before it generates when one is
due. drivers/char/lrng/.kunitconfig runs every suite with
tools/testing/kunit/kunit.py run --kunitconfig drivers/char/lrng.""",
         [LRNG + '.kunitconfig'] +
         T('Makefile', 'lrng_drng_chacha20_kunit.c', 'lrng_batch_kunit.c',
           'lrng_reseed_kunit.c', 'lrng_origin_kunit.c'),
         ['LRNG_KUNIT_TEST']),
    Step('kunit-irq', 'lrng: add KUnit tests of the interrupt source',
         """\
Tests of the collection array (for every collection size) and its
entropy accounting, of the time stamp GCD analysis, and of the SP800-90B
health tests: the cut-offs for known entropy rates and the state machine
of one stream. Built when the interrupt source and the health tests
are.""",
         T('lrng_irq_array_kunit.c', 'lrng_gcd_kunit.c',
           'lrng_health_kunit.c')),
    Step('kunit-vmfork', 'lrng: add a KUnit test of the VM fork reseed',
         """\
A VM fork must reseed the DRNG itself before the clones hand out more
output; a reseed that comes later for another reason is not enough. The
test calls add_vmfork_randomness() and checks that the DRNG generation
advanced within the call.""",
         T('lrng_vmfork_kunit.c')),
    Step('kunit-ntg1',
         'lrng: add a KUnit test of the AIS 20/31 NTG.1 seeding decisions',
         """\
The NTG.1 strategy is decided from the per-source credits of a seed:
whether two sources carry 240 bits each, whether the seed makes the
LRNG fully seeded and whether a reseed counts as one of full strength.
These are pure functions, tested on credit sets around the thresholds,
with and without the strategy and with SP800-90C's larger full seed.""",
         T('lrng_ntg1_kunit.c')),
    Step('sel-lib', 'selftests/lrng: add the test library and configuration',
         """\
User space tests of the random number ABI: getrandom(2), /dev/random,
/dev/urandom, the kernel/random sysctls and, on an LRNG kernel, its own
files. Except for the LRNG-only tests they pass on a kernel with
random.c too, which shows that the LRNG keeps the ABI. This patch adds
the shared helpers and the kernel configuration the tests need.""",
         S('Makefile', 'config', 'settings', '.gitignore', 'lrng_common.h')),
    Step('sel-getrandom',
         'selftests/lrng: test getrandom(2) and the seeding time',
         """\
getrandom(2)'s flags, sizes and errors, and how long after boot the RNG
becomes ready with interrupts, or context switches, as the only help it
gets.""",
         S('lrng_getrandom_test.c', 'lrng_seeding_test.c',
           'lrng_pingpong.h')),
    Step('sel-devices',
         'selftests/lrng: test the devices, the sysctls and CPU hotplug',
         """\
/dev/random and /dev/urandom: reads, writes, poll, the ioctls and their
permission checks; the kernel/random sysctls; random numbers while CPUs
go offline and online.""",
         S('lrng_devices_test.c', 'lrng_sysctl_test.c',
           'lrng_hotplug_test.c')),
    Step('sel-pm', 'selftests/lrng: test that a suspend cycle reseeds',
         """\
random.c reseeds when the system resumes from suspend and logs it. The
test runs a suspend-to-idle cycle that /sys/power/pm_test stops once the
tasks are frozen, so the PM notifiers run as in a real suspend without
a wakeup device, and expects the reseed's log line once.""",
         S('lrng_pm_test.c')),
    Step('sel-abi-lib', 'selftests/lrng: add the ABI transcript library',
         """\
The ABI test of the next patch writes the result of every operation it
checks to a transcript, which must be the same on a kernel with random.c
and on one with the LRNG. This patch adds what it checks and writes
with: the transcript writer, the comparison of a result (a count,
"partial" or an errno name) with the one random.c gives, and helpers for
capabilities, partly mapped buffers, file modes and UUID sysctls.""",
         S('lrng_abi_lib.c', 'lrng_abi.h')),
    Step('sel-abi', 'selftests/lrng: compare the ABI of the LRNG and random.c',
         """\
A transcript of every user-visible behaviour (return values, errno,
sysctl values and modes) that must be the same on a kernel with random.c
and on one with the LRNG.""",
         S('lrng_abi_test.c')),
    Step('sel-proc', 'selftests/lrng: test /proc/lrng_type',
         """\
The keys and values of /proc/lrng_type against the configuration the
kernel was built with and the boot parameters it was given.""",
         S('lrng_proc_test.c')),
    Step('sel-es', 'selftests/lrng: test the entropy source settings',
         """\
The entropy rates of the sources, set at boot and at run time; the
SP800-90B health tests, tripped by the test kernel's stuck-noise
injection; fault injection in the LRNG's own allocations.""",
         S('lrng_es_config_test.c', 'lrng_health_test.c',
           'lrng_fault_test.c')),
    Step('sel-getraw',
         'selftests/lrng: add getrawentropy to collect raw noise for a lab',
         """\
An SP800-90B assessment reads raw samples in the input formats of NIST's
entropy assessment tool. getrawentropy reads them from a debugfs tap of
the interrupt source, or from the kernel's Jitter RNG test interface,
whose reads block until something runs the Jitter RNG: for that source
it forces LRNG reseeds, each of which draws a Jitter RNG block, and
bounds every read with a timeout.""",
         S('getrawentropy.c')),
    Step('sel-testing', 'selftests/lrng: test the debugfs raw entropy taps',
         """\
The taps of CONFIG_LRNG_TESTING_MENU, the Jitter RNG's test interface
and getrawentropy's files from both.""",
         S('lrng_testing_test.c')),
    Step('sel-selftest',
         'selftests/lrng: test the self-tests on demand and the panic knob',
         """\
A lab runs the power-on self-tests again through their status file and
may boot with the health tests' panic parameter: root's write runs them,
bad input and unprivileged writers are refused without running them,
and the panic parameter is off unless set on the command line.""",
         S('lrng_selftest_test.c')),
    Step('sel-switch',
         'selftests/lrng: test the DRNG switch and NUMA instances',
         """\
Loading and removing the DRBG and kernel crypto API extensions while
random numbers are read, and the per-node DRNG instances.""",
         S('lrng_switch_test.c', 'lrng_numa_test.c')),
    Step('sel-alias',
         "selftests/lrng: test the out-of-tree LRNG's parameter names",
         """\
On a kernel booted with the out-of-tree LRNG's parameter names: each
has the effect of this project's name in /proc/lrng_type and in the
project's parameter in /sys/module, also the names of the extension
modules when the test loads them, where a load argument wins; the
names with no equivalent are ignored. Each case skips on a kernel
booted without its names.""",
         S('lrng_alias_test.c')),
    Step('sel-drbg-boot',
         'selftests/lrng: show that the DRBG from boot serves every path',
         """\
On a kernel with the DRBG from boot and the origin counters, booted
with LRNG_DRBG_BOOT=1: getrandom(2), /dev/random, /dev/urandom and the
vDSO's key come from the DRBG, get_random_bytes() and get_random_u32()
and u64() from ChaCha20 keyed only from it, and nothing after the
takeover from ChaCha20 seeded by the entropy sources, which the counters
show for the early boot.""",
         S('lrng_drbg_boot_test.c')),
    Step('sel-unready',
         'selftests/lrng: test the interfaces before full seeding',
         """\
The ABI before the RNG is ready and the transition to ready, as
random.c has it, on a kernel booted with every credited entropy source
off.""",
         S('lrng_unready_test.c', 'lrng_vgetrandom.h')),
    Step('sel-stress', 'selftests/lrng: add a concurrency stress test',
         """\
Threads on every interface at once for a fixed time, to find races
between readers, writers, the ioctls and reseeds.""",
         S('lrng_stress_test.c')),
    Step('sel-ntg1',
         'selftests/lrng: test the AIS 20/31 NTG.1 mode',
         """\
On a kernel booted with lrng_es_mgr.ntg1=1: the NTG.1 line of
/proc/lrng_type; full counts of GRND_RANDOM and O_SYNC /dev/random
reads; GRND_NONBLOCK that gives a count or EAGAIN without waiting; a
signal that ends a waiting read; the vDSO passing GRND_RANDOM to the
system call; other reads not slowed; and a 1 MiB prediction-resistant
read beside light work and beside the stress test. Large reads get
entropy from a thread that credits it, as a hardware RNG daemon would.
Skipped on other boots.""",
         S('lrng_ntg1_test.c')),
    Step('sel-fuzz-lib', 'selftests/lrng: add the fuzzing library',
         """\
The fuzz test of the next patch makes thousands of calls with bad
arguments and must know the result of each one beforehand. This patch
adds its engine: a PRNG whose seed replays a failing run, an arena of
guard pages at a fixed address so that each run makes the same calls,
pickers of buffers, lengths, flags and garbage, the results each call
may have as the 6.12 code (random.c, fs/ and lib/iov_iter.c) gives
them, and the counts of the results.""",
         S('lrng_fuzz_lib.c', 'lrng_fuzz.h')),
    Step('sel-fuzz', 'selftests/lrng: add a fuzz test of the interfaces',
         """\
Bad input to every interface of the ABI, chosen by a seeded PRNG so
that a failure can be replayed: the kernel must reject it as random.c
does and stay usable.""",
         S('lrng_fuzz_test.c')),
    Step('sel-readme',
         'selftests/lrng: describe the tests and the raw noise collection',
         """\
How to build and run the kselftests and the KUnit suites, which tests
need a boot of their own with which parameters, and how a lab collects
raw noise of the interrupt source and of the Jitter RNG for an SP800-90B
assessment with getrawentropy.""",
         S('README')),
    Step('docs', 'docs: add the LRNG administrator guide',
         """\
Documentation/admin-guide/lrng.rst tells an administrator how the LRNG
works, how to configure it and how it differs from random.c. Its boot
parameters are added to kernel-parameters.txt.""",
         [RST]),
]

# Where a file or Kconfig symbol that no step names goes.
STEP_OF_AREA = [(LRNG + 'tests/', 'kunit-drng'), (LRNG, 'hook'),
                (SELFTESTS, 'sel-lib'), ('Documentation/', 'docs'),
                ('', 'hook')]
HOOK = 'hook'


def run(*args, cwd=None, env=None, capture=False):
    r = subprocess.run(args, cwd=cwd, env=env, check=False, text=True,
                       stdout=subprocess.PIPE if capture else None)
    if r.returncode:
        sys.exit('series.py: failed (%d): %s' % (r.returncode, ' '.join(args)))
    return r.stdout if capture else None


def read(path):
    with open(path, encoding='utf-8') as f:
        return f.read()


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text)


EXCLUDE = re.compile(r'(\.o|\.orig|\.rej)$|(^|/)\.[^/]*\.cmd$')


def overlay_files(root):
    """The project's overlay files: git's view (tracked and untracked, not
    ignored, present in the work tree), or every file without git."""
    try:
        out = subprocess.run(
            ['git', '-C', root, 'ls-files', '-co', '--exclude-standard',
             '--'] + OVERLAY, check=True, text=True, capture_output=True).stdout
        files = [f for f in out.split('\n') if f]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for o in OVERLAY:
            p = os.path.join(root, o)
            if os.path.isfile(p):
                files.append(o)
            for d, _, fs in os.walk(p):
                files += [os.path.relpath(os.path.join(d, f), root) for f in fs]
    return sorted(set(f for f in files
                      if os.path.isfile(os.path.join(root, f))
                      and not EXCLUDE.search(f)))



def toplevel(line):
    return line != '' and not line[0].isspace()


def parameters_entries(rst):
    """The literal block of lrng.rst's "Entries for kernel-parameters.txt"
    section: a list of (name, text) entries."""
    lines = rst.split('\n')
    try:
        i = lines.index('Entries for kernel-parameters.txt')
    except ValueError:
        return []
    while i < len(lines) and not lines[i].endswith('::'):
        i += 1
    i += 1
    block = []
    while i < len(lines) and (lines[i] == '' or lines[i][0] in '\t '):
        block.append(lines[i])
        i += 1
    entries, cur = [], []
    for l in block + ['']:
        if l == '':
            if cur:
                entries.append(cur)
            cur = []
        else:
            cur.append(l)
    return [(e[0].strip().split('=')[0].split()[0].lower(), '\n'.join(e))
            for e in entries]


def best_gap(keys, key):
    """Index to insert KEY at in the mostly sorted list KEYS: the gap with
    the most keys in order around it."""
    n = len(keys)
    below = [0] * (n + 1)
    for i, k in enumerate(keys):
        below[i + 1] = below[i] + (k <= key)
    above = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        above[i] = above[i + 1] + (keys[i] > key)
    return max(range(n + 1), key=lambda g: (below[g] + above[g], -g))


def insert_parameters(text, entries):
    lines = text.split('\n')
    for name, entry in entries:
        if entry.split('\n')[0] in lines:
            continue
        names = [(i, l.strip().split('=')[0].split()[0].lower())
                 for i, l in enumerate(lines)
                 if re.match(r'\t[A-Za-z0-9]', l)]
        if not names:
            sys.exit('series.py: no entries in kernel-parameters.txt')
        g = best_gap([n for _, n in names], name)
        if g == len(names):
            sys.exit('series.py: no place for %s in kernel-parameters.txt' % name)
        at = names[g][0]
        # Entries are separated by blank lines; insert before the entry.
        lines[at:at] = entry.split('\n') + ['']
    return '\n'.join(lines)


def insert_sorted_line(text, regex, new, key):
    """Insert line NEW into the longest run of consecutive lines matching
    REGEX, in sorted order of KEY(line), unless it is there."""
    lines = text.split('\n')
    if new in lines:
        return text
    runs, cur = [], []
    for i, l in enumerate(lines):
        if re.match(regex, l):
            cur.append(i)
        elif cur:
            runs.append(cur)
            cur = []
    if cur:
        runs.append(cur)
    if not runs:
        return None
    idx = max(runs, key=len)
    g = best_gap([key(lines[i]) for i in idx], key(new))
    at = idx[g] if g < len(idx) else idx[-1] + 1
    lines.insert(at, new)
    return '\n'.join(lines)



def squeeze(lines):
    """No blank line twice in a row, none at the start or the end."""
    out = []
    for l in lines:
        if l == '' and (not out or out[-1] == ''):
            continue
        out.append(l)
    while out and out[-1] == '':
        out.pop()
    return out


def kconfig_symbols(text):
    return re.findall(r'^(?:menu)?config (\w+)$', text, re.M)


def kconfig_cut(text, keep):
    """TEXT without the config stanzas and choices of symbols not in KEEP,
    and without "if" blocks left empty. A stanza runs from its top-level
    line to the next one; a choice to its "endchoice" and is kept when its
    first symbol is."""
    lines = text.split('\n')
    items = []          # (kind, symbol or None, lines)
    i = 0
    while i < len(lines):
        l = lines[i]
        j = i + 1
        if l == 'choice':
            while j < len(lines) and lines[j] != 'endchoice':
                j += 1
            j += 1
            m = re.search(r'^config (\w+)$', '\n'.join(lines[i:j]), re.M)
            kind, sym = 'stanza', m.group(1) if m else None
        else:
            m = re.match(r'(?:menu)?config (\w+)$', l)
            kind, sym = ('stanza', m.group(1)) if m else (
                'if' if re.match(r'if\b', l) else
                'endif' if re.match(r'endif\b', l) else 'text', None)
        while j < len(lines) and not toplevel(lines[j]):
            j += 1
        items.append([kind, sym, lines[i:j]])
        i = j
    # Drop the stanzas, then the if blocks with nothing kept inside.
    items = [it for it in items if it[0] != 'stanza' or it[1] in keep]
    stack, drop = [], set()
    for n, it in enumerate(items):
        if it[0] == 'if':
            stack.append([n, False])
        elif it[0] == 'endif' and stack:
            start, used = stack.pop()
            if not used:
                drop.update((start, n))
            elif stack:
                stack[-1][1] = True
        elif it[0] == 'stanza' and stack:
            stack[-1][1] = True
    out = []
    for n, it in enumerate(items):
        if n not in drop:
            out += it[2]
    return '\n'.join(squeeze(out)) + '\n'


def makefile_cut(text, have):
    """TEXT without the lines that name an object, a directory or a
    program that HAVE(word) rejects, the comment lines right above such a
    line and ifeq/ifneq blocks left empty. A variable of several programs
    (TEST_GEN_PROGS ...) or headers (LOCAL_HDRS) keeps the ones HAVE
    accepts. A rule "$(OUTPUT)/prog: file.c" goes with its program; the
    files it names in this directory must be there with the program."""
    logical, cur = [], ''
    for l in text.split('\n'):
        cur = cur + ('\n' if cur else '') + l
        if not l.endswith('\\'):
            logical.append(cur)
            cur = ''
    if cur:
        logical.append(cur)
    out = []
    for l in logical:
        m = re.match(r'((?:obj|lib)-\S+\s*\+?=\s*)(\S+)$', l)
        v = re.match(r'(TEST_GEN_PROGS(?:_EXTENDED)?|TEST_PROGS|LOCAL_HDRS)'
                     r'(\s*:?\+?=\s*)(.*)$', l, re.S)
        t = re.match(r'\$\(OUTPUT\)/(\S+):(.*)$', l, re.S)
        gone = False
        if m:
            gone = not have(m.group(2))
        elif t:
            gone = not have(t.group(1))
            missing = [w for w in t.group(2).replace('\\', ' ').split()
                       if not re.search(r'[/$]', w) and not have(w)]
            if not gone and missing:
                sys.exit('series.py: %s needs %s, which is not there yet'
                         % (t.group(1), ' '.join(missing)))
        elif v:
            l = keep_words(v.group(1) + v.group(2), v.group(3), have)
            gone = l is None
        if gone:
            while out and is_comment(out[-1]):
                out.pop()
            continue
        out.append(l)
    # Empty conditionals.
    changed = True
    while changed:
        changed = False
        for n in range(len(out) - 1):
            if re.match(r'if(n?eq|n?def)\b', out[n]) and out[n + 1] == 'endif':
                start = n
                while start > 0 and is_comment(out[start - 1]):
                    start -= 1
                del out[start:n + 2]
                changed = True
                break
    return '\n'.join(squeeze(out)) + '\n'


def is_comment(line):
    """A comment line that belongs to the line below it."""
    return line.startswith('#') and not line.startswith('# SPDX') and \
        line.strip() != '#'


def keep_words(head, rest, have):
    """HEAD followed by the words of REST (continued with backslashes)
    that HAVE accepts, each line keeping its layout; None when no word is
    left."""
    lines = []
    for n, phys in enumerate(rest.split('\n')):
        words = [w for w in phys.rstrip('\\').split() if have(w)]
        if words:
            indent = '' if n == 0 else re.match(r'\s*', phys).group(0)
            lines.append(indent + ' '.join(words))
    if not lines:
        return None
    return head + ' \\\n'.join(lines)


def maintainers_cut(entry, exists):
    """The MAINTAINERS entry without the F: lines whose path does not
    exist yet."""
    return '\n'.join(l for l in entry.split('\n')
                     if not l.startswith('F:\t') or exists(l[3:].strip()))


def area_step(rel):
    for prefix, name in STEP_OF_AREA:
        if rel.startswith(prefix):
            return name
    return HOOK


def parse_signoff(s):
    m = re.match(r'\s*([^<>]*[^<>\s])\s*<([^<>@\s]+@[^<>\s]+)>\s*$', s or '')
    if not m:
        sys.exit('series.py: SIGNOFF must be "Name <mail>", not %r' % s)
    return m.group(1), m.group(2)


def main():
    root, ksrc, work, out = [os.path.abspath(a) for a in sys.argv[1:5]]
    files = overlay_files(root)
    if not any(f.startswith(LRNG) for f in files):
        sys.exit('series.py: no drivers/char/lrng/ in ' + root)
    for s in STEPS:
        long = [l for l in [s.subject] + s.body.split('\n') if len(l) > 72]
        if long:
            sys.exit('series.py: step %s: line over 72 columns: %s'
                     % (s.name, long[0]))

    # Every file and symbol to one step: the files each step names, the
    # rest by area.
    step_files = {s.name: [] for s in STEPS}
    owner = {}
    for s in STEPS:
        for f in s.files:
            if f in owner:
                sys.exit('series.py: %s in steps %s and %s'
                         % (f, owner[f], s.name))
            owner[f] = s.name
    for f in files:
        if f in owner:
            step_files[owner[f]].append(f)
        elif f not in (LRNG + 'Kconfig', LRNG + 'Makefile'):
            print('note: %s is in no step: added in step %s'
                  % (f, area_step(f)))
            step_files[area_step(f)].append(f)
    for f in sorted(set(owner) - set(files)):
        print('note: %s (step %s) is not in the repository' % (f, owner[f]))
    kconfig = read(os.path.join(root, LRNG + 'Kconfig'))
    sym_step = {}
    for s in STEPS:
        for y in s.syms:
            sym_step[y] = s.name
    step_syms = {s.name: list(s.syms) for s in STEPS}
    for y in kconfig_symbols(kconfig):
        if y not in sym_step:
            print('note: Kconfig symbol %s is in no step: added in step %s'
                  % (y, HOOK))
            step_syms[HOOK].append(y)

    # The scratch repository: pristine copies of the files the series
    # changes.
    base_files = sorted(set(
        [l[6:].split('\t')[0].strip() for p in PATCHES
         if os.path.exists(os.path.join(root, p))
         for l in read(os.path.join(root, p)).split('\n')
         if l.startswith('+++ b/')] +
        ['MAINTAINERS', 'tools/testing/selftests/Makefile',
         'Documentation/admin-guide/index.rst',
         'Documentation/admin-guide/kernel-parameters.txt']))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    for f in base_files:
        src = os.path.join(ksrc, f)
        if not os.path.exists(src):
            sys.exit('series.py: %s missing in %s' % (f, ksrc))
        os.makedirs(os.path.dirname(os.path.join(work, f)), exist_ok=True)
        shutil.copyfile(src, os.path.join(work, f))

    maint = read(os.path.join(root, 'MAINTAINERS'))
    m = re.search(r'^M:\t(.*?) <(.*?)>', maint, re.M)
    name, mail = (m.group(1), m.group(2)) if m else ('LRNG', 'lrng@example.org')
    signoff = os.environ.get('SIGNOFF', '').strip()
    if signoff:
        name, mail = parse_signoff(signoff)
    try:
        date = subprocess.run(['git', '-C', root, 'log', '-1', '--format=%ct'],
                              check=True, text=True,
                              capture_output=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        date = ''
    date = (date or '1735689600') + ' +0000'
    env = dict(os.environ, GIT_AUTHOR_NAME=name, GIT_AUTHOR_EMAIL=mail,
               GIT_COMMITTER_NAME=name, GIT_COMMITTER_EMAIL=mail,
               GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date,
               GIT_CONFIG_NOSYSTEM='1', HOME=work)
    git = lambda *a, **kw: run('git', '-C', work, *a, env=env, **kw)
    git('init', '-q', '-b', 'base')
    git('config', 'core.autocrlf', 'false')
    git('add', '-A')
    git('commit', '-q', '-m', 'Linux %s (the files this series changes)' %
        kversion(ksrc))

    def copy(rel):
        dst = os.path.join(work, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join(root, rel), dst)
        shutil.copymode(os.path.join(root, rel), dst)

    def there(rel):
        return os.path.exists(os.path.join(work, rel))

    def have_in(d):
        def have(word):
            w = word.rstrip('/')
            if word.endswith('/'):
                return there(d + w + '/Makefile')
            if w.endswith(('.c', '.h')):
                return there(d + w)
            base = re.sub(r'\.o$', '', w)
            return there(d + base + '.c')
        return have

    def commit(step):
        git('add', '-A')
        if not git('status', '--porcelain', capture=True).strip():
            print('note: step %s is empty, no patch' % step.name)
            return
        msg = '%s\n\n%s\n' % (step.subject, step.body)
        if signoff:
            msg += '\nSigned-off-by: %s <%s>\n' % (name, mail)
        r = subprocess.run(['git', '-C', work, 'commit', '-q', '-F', '-'],
                           input=msg, text=True, env=env)
        if r.returncode:
            sys.exit('series.py: commit of %s failed' % step.name)

    syms = set()
    selftests_target = False
    for s in STEPS:
        for f in step_files[s.name]:
            copy(f)
        syms.update(step_syms[s.name])
        own = [p for t in STEPS for p in t.patches]
        mine = s.patches if s.name != HOOK else \
            [p for p in PATCHES if p not in own]
        if mine:
            for p in mine:
                if os.path.exists(os.path.join(root, p)):
                    r = subprocess.run(['patch', '-p1', '-d', work, '--batch',
                                        '--forward', '--no-backup-if-mismatch',
                                        '-s', '-i', os.path.join(root, p)])
                    if r.returncode:
                        sys.exit('series.py: %s does not apply to %s'
                                 % (p, ksrc))
        # Kconfig and Makefiles: the repository's, less the later steps.
        if any(f.startswith(LRNG) for f in files if there(f)):
            write(os.path.join(work, LRNG + 'Kconfig'),
                  kconfig_cut(kconfig, syms))
            write(os.path.join(work, LRNG + 'Makefile'),
                  makefile_cut(read(os.path.join(root, LRNG + 'Makefile')),
                               have_in(LRNG)))
        for mk, d in ((LRNG + 'tests/Makefile', LRNG + 'tests/'),
                      (SELFTESTS + 'Makefile', SELFTESTS)):
            if there(mk):
                write(os.path.join(work, mk),
                      makefile_cut(read(os.path.join(root, mk)), have_in(d)))
        if there(SELFTESTS + 'Makefile') and not selftests_target:
            p = os.path.join(work, 'tools/testing/selftests/Makefile')
            t = insert_sorted_line(read(p), r'TARGETS \+= [a-z]',
                                   'TARGETS += lrng',
                                   lambda l: l.split('+=')[1].strip())
            if t is None:
                sys.exit('series.py: no TARGETS lines in '
                         'tools/testing/selftests/Makefile')
            write(p, t)
            selftests_target = True
        if RST in step_files[s.name]:
            p = os.path.join(work, 'Documentation/admin-guide/index.rst')
            t = insert_sorted_line(read(p), r'   [A-Za-z]', '   lrng',
                                   lambda l: l.strip().lower())
            write(p, t)
            entries = parameters_entries(read(os.path.join(root, RST)))
            if not entries:
                print('note: no "Entries for kernel-parameters.txt" in ' + RST)
            else:
                p = os.path.join(work, 'Documentation/admin-guide/'
                                 'kernel-parameters.txt')
                write(p, insert_parameters(read(p), entries))
        entry = os.path.join(work, '.maintainers-entry')
        write(entry, maintainers_cut(maint, there))
        text = run('python3', os.path.join(root, 'harness/maintainers.py'),
                   os.path.join(ksrc, 'MAINTAINERS'), entry, capture=True)
        os.unlink(entry)
        write(os.path.join(work, 'MAINTAINERS'), text)
        commit(s)

    leftover = [f for f in files if not there(f)]
    if leftover:
        sys.exit('series.py: files in no patch: ' + ' '.join(leftover))
    for f in (LRNG + 'Kconfig', LRNG + 'Makefile', LRNG + 'tests/Makefile',
              SELFTESTS + 'Makefile'):
        if os.path.exists(os.path.join(root, f)) and \
                read(os.path.join(root, f)) != read(os.path.join(work, f)):
            sys.exit('series.py: the last step\'s %s is not the '
                     'repository\'s' % f)

    # The series.
    shutil.rmtree(out, ignore_errors=True)
    fmt = ['format-patch', '-q', '--cover-letter', '-o', out]
    if not signoff:
        fmt.append('--subject-prefix=' + UNSIGNED)
    git(*fmt, 'HEAD~%d..HEAD' % count_commits(work, env))
    cover_letter(out, root, ksrc, work, env, signoff)
    for f in sorted(os.listdir(out)):
        print('  build/patches/' + f if out.endswith('build/patches') else
              '  ' + os.path.join(out, f))


def count_commits(work, env):
    n = subprocess.run(['git', '-C', work, 'rev-list', '--count', 'HEAD'],
                       check=True, text=True, capture_output=True,
                       env=env).stdout.strip()
    return int(n) - 1


def kversion(ksrc):
    mk = read(os.path.join(ksrc, 'Makefile'))
    v = [re.search(r'^%s = ?(.*)$' % k, mk, re.M).group(1).strip()
         for k in ('VERSION', 'PATCHLEVEL', 'SUBLEVEL')]
    return '.'.join(x for x in v if x)


def cover_letter(out, root, ksrc, work, env, signoff):
    cl = os.path.join(out, '0000-cover-letter.patch')
    text = read(cl)
    no = {s.name: patch_no(work, env, s.subject) for s in STEPS}

    def span(first, last):
        a, b = no.get(first, '-'), no.get(last, '-')
        return a if a == b else '%s-%s' % (a, b)

    unsigned = '' if signoff else """\
NOT SIGNED OFF: these patches carry no Signed-off-by. Whoever submits
them regenerates them with make patch SIGNOFF="Name <mail>", which makes
that the author and adds the Signed-off-by.

"""
    blurb = unsigned + """\
The Linux Random Number Generator (LRNG) for Linux %(ver)s: a drop-in
replacement of drivers/char/random.c, selected with CONFIG_LRNG=y. With
CONFIG_LRNG=n the kernel builds and behaves as before (random.o is built
only then). The user space ABI and the in-kernel API of random.c are
kept; the LRNG seeds a ChaCha20 DRNG in stages from an interrupt, a
scheduler, a CPU, a Jitter RNG and an auxiliary entropy source, designed
for NIST SP800-90A/B/C. Documentation/admin-guide/lrng.rst (patch
%(docs)s) is the administrator's guide.

How the series is ordered:
  %(core)-7s the core, one part at a time: hash and entropy source
          interface, auxiliary pool, CPU source, readiness, ChaCha20,
          self-tests, DRNG manager, per-CPU and per-node DRNGs, entropy
          source manager, batch; not built before the next patch
  %(hook)-7s the interfaces of random.c; drivers/char builds the LRNG
          instead of random.c from here on
  %(irq)-7s the interrupt entropy source (health tests, collection
          array and GCD, the source), /proc/lrng_type, debugfs taps;
          the scheduler's hook and the scheduler entropy source
  %(ext)-7s the Jitter RNG source; switching the DRNG and the hash
  %(kunit)-7s KUnit tests
  %(sel)-7s kselftests of the random number ABI
  %(docs)-7s the administrator's guide

The series applies to Linux %(ver)s (tested on Debian's linux-source-6.12)
with "git am" or "patch -p1", e.g.
  cd linux-6.12 && git am $(ls /path/to/patches/*.patch | sed 1d)
(the sed drops this cover letter). Every patch builds; from patch
%(hook)s on, CONFIG_LRNG=y builds the LRNG.

CONFIG_LRNG=y is all a distribution kernel needs. The other options of
drivers/char/lrng/Kconfig, described in lrng.rst, choose the entropy
sources and their rates, the DRNG switch and its extensions, and test
interfaces that are not for production kernels.

Tested with the project's harness: the LRNG and the stock kernel are
booted in QEMU and run the KUnit suites, the kselftests and the vDSO
getrandom selftest; the series is applied to a pristine tree and every
patch is built; drivers/char/lrng/ is compiled with Debian's 6.12 amd64
configuration plus CONFIG_LRNG=y.""" % {
        'ver': kversion(ksrc), 'docs': no['docs'],
        'core': span('hash', 'batch'), 'hook': no[HOOK],
        'irq': span('health', 'sched'), 'ext': span('jent', 'switch'),
        'kunit': span('kunit-drng', 'kunit-vmfork'),
        'sel': span('sel-lib', 'sel-fuzz')}
    text = text.replace('*** SUBJECT HERE ***',
                        'LRNG: the Linux Random Number Generator for Linux 6.12')
    text = text.replace('*** BLURB HERE ***', blurb)
    write(cl, text)


def patch_no(work, env, subject):
    subs = subprocess.run(['git', '-C', work, 'log', '--reverse',
                           '--format=%s', 'HEAD~%d..HEAD' %
                           count_commits(work, env)],
                          check=True, text=True, capture_output=True,
                          env=env).stdout.split('\n')
    return str(subs.index(subject) + 1) if subject in subs else '-'


if __name__ == '__main__':
    main()
