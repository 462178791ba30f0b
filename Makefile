# SPDX-License-Identifier: GPL-2.0
#
# LRNG overlay for Linux 6.12: build, boot and test harness.
# The work is done by harness/harness.sh; see README.
#
#   make run                 build the LRNG kernel, boot it, print RNG status
#   make test                static checks + LRNG and stock kernels booted in QEMU
#   make test-debug          the LRNG kernel's test boots on a KASAN/UBSAN/lockdep kernel
#   make test-distro         the distribution-like kernel's checks, UML and arm64 compiles
#   make vm PAYLOAD=dir      boot with dir/run and your static programs
#   make run ARCH=arm64      the same in an aarch64 guest (QEMU virt, TCG);
#                            also make vm, kernel and initramfs
#   make patch               the patch series for a 6.12 tree in build/patches/
#                            (SIGNOFF="Name <mail>": the submitter's sign-off)
#   make bench               LRNG vs stock kernel benchmarks, one table
#   make sp80090b            SP800-90B data sets of the interrupt source
#                            [SAMPLES=1000000] [RESTARTS=1000]
#                            [NIST_EA=<dir with ea_non_iid, ea_restart>]
#
# Options: KSRC=<6.12 tree>  LRNG=y|n  KVM=1  TIMEOUT=<s>  CMDLINE="..."  JOBS=<n>
#          ARCH=x86_64|arm64

SHELL := /bin/bash
H := ./harness/harness.sh

export KSRC LRNG KVM TIMEOUT PAYLOAD CMDLINE JOBS SIGNOFF ARCH
export BENCH_REPS BENCH_SEED_REPS BENCH_SECS BENCH_SEED_BOUND BENCH_VDSO_TRIALS \
	BENCH_VDSO_FULL
export SAMPLES RESTARTS NIST_EA

.PHONY: run test test-debug test-distro vm patch bench sp80090b check checkpatch kernel initramfs tree deps clean distclean help

run:
	@$(H) run

test:
	@$(H) test

test-debug:
	@$(H) test-debug

test-distro:
	@$(H) test-distro

vm:
	@$(H) vm

patch:
	@$(H) patch

bench:
	@./harness/bench.sh

sp80090b:
	@./harness/sp80090b.sh

check:
	@$(H) check

checkpatch:
	@$(H) checkpatch

kernel:
	@$(H) kernel

initramfs:
	@$(H) initramfs

tree:
	@$(H) tree

deps:
	@$(H) deps

# Keeps build/src (the unpacked Debian source) and ccache.
clean:
	rm -rf build/linux build/obj-* build/user build/user-arm64 build/initramfs build/tools \
		build/logs build/patches build/series build/bench build/bench-smoke build/sp80090b build/sp80090b-smoke build/distro-disk.img build/modules-* build/linux.ksrc build/linux.patched build/.kbuild.lock

distclean:
	rm -rf build

help:
	@sed -n '3,22p' Makefile | sed 's/^# \{0,1\}//'
