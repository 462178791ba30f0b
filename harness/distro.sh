# SPDX-License-Identifier: GPL-2.0
# The distribution-like kernel and the UML / arm64 compiles of the LRNG
# harness. Sourced by harness/harness.sh after lib.sh (uses pass/fail).
#
#   distro_tests         the distro flavor (allnoconfig + the selftests
#                        config + harness/distro.config, O=build/obj-distro):
#                        build, test boot with a SCSI disk and vmgenid (every
#                        kselftest, KUnit and the distro_* checks of
#                        harness/init), the fips, numa-fault and
#                        upstream-names boots, export parity
#   export_parity_check  random.c's exports against the LRNG's in the
#                        distro build's Module.symvers (harness/exports.py)
#   drbg_boot_tests      the drbg flavor (the LRNG test configuration plus
#                        harness/drbg.config, O=build/obj-drbg): build and
#                        the drbg-fips boot (fips=1, lrng_drbg_boot_test)
#   cross_checks         W=1 compile of drivers/char/lrng/ for ARCH=um
#                        without the interrupt source and for ARCH=arm64
#                        LLVM=1 (build/obj-um, obj-arm64)

# LRNG exports that random.c does not have (symbol, type, namespace).
EXPORTS_ALLOW=$ROOT/harness/lrng-exports.allow

distro_tests() {
	local t1=$SECONDS
	if ! build_kernel distro; then
		fail "distro: kernel build" "see build/logs/build-distro.log or config-distro.log"
		return
	fi
	pass "distro: kernel build (harness/distro.config options all set)"
	if flavor_modules distro &&
		INITRAMFS_MODULES=$B/modules-distro user_and_initramfs distro; then
		boot_tests distro
		# FIPS mode: the DRBG's SHA-512 makes the seeding SP800-90C's.
		special_boot_on distro fips lrng_switch_test fips=1
		special_boot_on distro fips-nocpu lrng_seeding_test \
			fips=1 random.trust_cpu=off random.trust_bootloader=off
		# Interrupts alone must carry the oversampled seed: the per-CPU
		# cap follows the digest (SHA-512 with the DRBG).
		special_boot_on distro fips-irq lrng_seeding_test \
			fips=1 random.trust_cpu=off random.trust_bootloader=off \
			lrng_es_jent.jitterrng=0 lrng_es_sched.sched_entropy=0
		fault_boot distro
		upstream_names_boot
		hibernate_boot
		drbg_boot_tests
	else
		fail "distro: guest programs" "build failed (log: build/logs/user.log)"
	fi
	export_parity_check
	info "distro kernel: $((SECONDS - t1)) s"
}

# hibernate_boot: the distro kernel hibernates and resumes, in two QEMU
# runs that share a swap disk (SWAP_DISK of boot(), a sparse raw image
# made afresh). The first (hibernate-image, lrng.mode=hibernate of
# harness/init) records output and generations, writes a random nonce to
# its result channel and writes its image; it must go down without a
# verdict. The second (hibernate, lrng.mode=resume) restores the image, and
# the first run's /init goes on there: the manifest judges its checks
# (reseed, vDSO generation, no output repeated across the resume, the
# stress test). A resume is told from a cold boot by the nonce: only the
# restored guest knows it and writes it to the second run's channel. The
# consoles show the image written and, after it was loaded, the restored
# kernel's reseed.
HIBERNATE_DISK=$B/hibernate-swap.img
hibernate_boot() {
	local image=hibernate-image name=hibernate nonce why="" con2 res1
	local what="hibernate: the second run resumed the first run's guest"
	res1=$LOGS/$image.result.log
	con2=$LOGS/$name.console.log
	rm -f "$HIBERNATE_DISK" "$LOGS/$name.result.log" "$res1"
	if ! truncate -s 512M "$HIBERNATE_DISK"; then
		fail "$what" "cannot create $HIBERNATE_DISK"
		manifest_checks "$name"
		return
	fi
	msg "booting distro kernel as $image: writes a hibernation image"
	if SWAP_DISK=$HIBERNATE_DISK NO_VERDICT=1 boot "$image" distro \
		"$B/initramfs/tests.cpio" hibernate; then
		pass "distro: boot that writes a hibernation image (${BOOT_SECONDS}s)"
	else
		why=$(grep -m1 '^LRNG-TEST: .* fail ' "$res1" 2>/dev/null || true)
		fail "distro: boot that writes a hibernation image" \
			"$BOOT_REASON${why:+; $why}"
		why=
	fi
	nonce=$(sed -n 's/^LRNG-HIBERNATE-IMAGE: nonce=\([0-9a-f]\{32\}\)$/\1/p' \
		"$res1" 2>/dev/null || true)
	if [ -z "$nonce" ]; then
		why="no nonce on the first run's result channel (build/logs/$image.result.log)"
	elif ! grep -aq 'PM: Image saving done' "$LOGS/$image.console.log"; then
		why="the first run's console does not show the image written (build/logs/$image.console.log)"
	fi
	if [ -n "$why" ]; then
		fail "$what" "$why"
		manifest_checks "$name"
		return
	fi
	msg "booting distro kernel as $name: resumes the image"
	if SWAP_DISK=$HIBERNATE_DISK boot "$name" distro \
		"$B/initramfs/tests.cpio" resume; then
		pass "distro: boot that resumes the hibernation image (${BOOT_SECONDS}s)"
	else
		fail "distro: boot that resumes the hibernation image" "$BOOT_REASON"
	fi
	manifest_checks "$name"
	if ! grep -qx "LRNG-HIBERNATE-RESUMED: nonce=$nonce" "$LOGS/$name.result.log" 2>/dev/null; then
		why="no LRNG-HIBERNATE-RESUMED line with the first run's nonce: $(grep -m1 '^LRNG-TEST: hibernate_resume' "$LOGS/$name.result.log" 2>/dev/null || echo 'guest did not finish')"
	elif ! awk '/PM: Image loading done/ { l = 1 }
		l && /crng reseeded on system resumption/ { r = 1 }
		r && /PM: hibernation: hibernation exit/ { ok = 1 }
		END { exit !ok }' "$con2"; then
		why="the second run's console does not show the restored kernel's reseed between the image's loading and the hibernation's exit"
	fi
	if [ -z "$why" ]; then
		pass "$what (nonce $nonce), whose kernel reseeded"
	else
		fail "$what" "$why (build/logs/$name.console.log, $name.result.log)"
	fi
}

# drbg_boot_tests: the drbg flavor (the LRNG test configuration plus
# harness/drbg.config: the SP800-90A DRBG serves from boot), booted with
# fips=1 and two emulated NUMA nodes as drbg-fips: the DRBG's self-tests
# and its FIPS instantiation run before its first output, and
# lrng_drbg_boot_test shows with the origin counters that every output
# path is the DRBG's (LRNG_DRBG_BOOT=1 tells the test so).
drbg_boot_tests() {
	if ! build_kernel drbg; then
		fail "drbg: kernel build" "see build/logs/build-drbg.log or config-drbg.log"
		return
	fi
	pass "drbg: kernel build (harness/drbg.config options all set)"
	special_boot_on drbg drbg-fips lrng_drbg_boot_test fips=1 numa=fake=2 \
		LRNG_DRBG_BOOT=1
	drbg_console_check drbg-fips
}

# drbg_console_check NAME: the console of the boot NAME says that the DRBG
# took over in FIPS mode.
drbg_console_check() {
	local con=$LOGS/$1.console.log what="$1: the DRBG from boot took over in FIPS mode"
	if ! grep -aq 'fips mode: enabled' "$con"; then
		fail "$what" "no fips=1 on the console (build/logs/$1.console.log)"
	elif ! grep -aq 'DRBG from boot serves; in-kernel callers: ChaCha20 keyed from it' "$con"; then
		fail "$what" "no takeover message (build/logs/$1.console.log)"
	else
		pass "$what"
	fi
}

# fault_boot FLAVOR (distro or lrng-debug): lrng_fault_test, failslab on the
# NUMA instances' allocation, fail_page_alloc armed over large reads. Every
# credited source is off, so that the test makes the LRNG fully seeded when
# it is ready for it.
fault_boot() {
	special_boot_on "$1" numa-fault lrng_fault_test \
		random.trust_cpu=off random.trust_bootloader=off \
		lrng_es_jent.jitterrng=0 lrng_es_irq.irq_entropy=4294967295 \
		lrng_es_sched.sched_entropy=0
}

# upstream_names_boot: the distro kernel booted with the out-of-tree
# LRNG's parameter names (lrng.rst, "Parameter names of the out-of-tree
# LRNG"): lrng_alias_test checks the effect of each, of the extension
# modules' names when it loads the modules, and that the names with no
# equivalent are ignored. The continuous compression name needs
# CONFIG_LRNG_SWITCHABLE_CONTINUOUS_COMPRESSION (harness/distro.config).
upstream_names_boot() {
	special_boot_on distro upstream-names lrng_alias_test \
		lrng_es_jent.jent_entropy=64 \
		lrng_es_irq.lrng_irq_continuous_compression=0 \
		lrng_es_mgr.lrng_panic_on_permanent_health_failure=1 \
		lrng_drng_drbg.lrng_drbg_type=2 \
		lrng_drng_kcapi.drng_name=drbg_nopr_hmac_sha256 \
		lrng_hash_kcapi.lrng_hash_name=sha384 \
		lrng_drng_kcapi.seed_hash=sha256 \
		lrng_drng_mgr.force_seeding=0
}

# flavor_modules FLAVOR: the LRNG's extension modules of the distro or the
# lrng-debug kernel for the guest, where lrng_switch_test looks:
# build/modules-FLAVOR/<release>/kernel/drivers/char/lrng/*.ko.
flavor_modules() {
	local flavor=$1 obj rel dir
	obj=$(objdir "$flavor")
	rel=$(cat "$obj/include/config/kernel.release") || return 1
	rm -rf "$B/modules-$flavor"
	dir=$B/modules-$flavor/$rel/kernel/drivers/char/lrng
	mkdir -p "$dir"
	cp "$obj"/drivers/char/lrng/*.ko "$dir/" || {
		echo "no drivers/char/lrng/*.ko in build/obj-$flavor" >&2
		return 1
	}
}

# random.c is preprocessed in the distro O= dir (the distro config decides
# its #if branches, as it would for a stock build of that config); its
# exports must all be in Module.symvers with the same type, and every
# other export of the LRNG's objects must be in harness/lrng-exports.allow.
export_parity_check() {
	local name="export parity: random.c's exports in the LRNG distro build, same GPL-ness"
	local obj=$B/obj-distro log=$LOGS/exports.log rc=0 t0=$SECONDS
	if [ ! -f "$obj/Module.symvers" ]; then
		fail "$name" "no build/obj-distro/Module.symvers"
		return 0
	fi
	# One preprocessed file in a built O= dir: not worth waiting for the
	# build lock (KBUILD_LOCK) behind other work trees' kernel builds.
	kmake "$obj" drivers/char/random.i >"$LOGS/exports-random-i.log" 2>&1 || rc=$?
	if [ $rc -ne 0 ]; then
		fail "$name" "make drivers/char/random.i failed (log: build/logs/exports-random-i.log)"
		return 0
	fi
	if python3 "$ROOT/harness/exports.py" "$obj/drivers/char/random.i" \
		"$obj/Module.symvers" "$EXPORTS_ALLOW" \
		$(find "$obj/drivers/char/lrng" -name '*.o' ! -name '*.mod.o' | sort) \
		>"$log" 2>&1; then
		pass "$name ($(tail -1 "$log"), $((SECONDS - t0))s)"
	else
		fail "$name" "$(grep -m1 -E '^(MISSING|TYPE|EXTRA|ERROR)' "$log" | cut -c1-160) (log: build/logs/exports.log)"
	fi
}

# The LRNG options of the UML build: no interrupt source, every option
# that does not need it, so that the stubs of lrng_es_irq.h and the test
# interfaces of the other sources compile and can be chosen without it.
NOIRQ_LRNG_OPTIONS="CONFIG_LRNG=y
# CONFIG_LRNG_IRQ is not set
CONFIG_LRNG_JENT=y
CONFIG_LRNG_RUNTIME_ES_CONFIG=y
CONFIG_LRNG_RUNTIME_MAX_WO_RESEED_CONFIG=y
CONFIG_LRNG_OVERSAMPLE_ENTROPY_SOURCES=y
CONFIG_LRNG_AIS2031_NTG1_SEEDING_STRATEGY=y
CONFIG_LRNG_TEST_CPU_ES_COMPRESSION=y
CONFIG_LRNG_TESTING_MENU=y
CONFIG_LRNG_RAW_JENT_ENTROPY=y
CONFIG_LRNG_ACVT_HASH=y
CONFIG_LRNG_TEST_SELFTEST_FAIL=y
CONFIG_LRNG_TEST_DRNG_ORIGIN=y
CONFIG_LRNG_SWITCH=y
CONFIG_LRNG_DRBG=m
CONFIG_LRNG_KCAPI=m"

# cross_check NAME DESC OPTIONS MAKE-ARGS...: defconfig of that
# architecture plus the LRNG options OPTIONS (DEBIAN_LRNG_OPTIONS of
# series.sh or NOIRQ_LRNG_OPTIONS), the Jitter RNG built in for LRNG_JENT,
# debugfs for the test interfaces, and KUnit with the LRNG's KUnit tests;
# W=1 prepare and W=1 drivers/char/lrng/ in build/obj-NAME; fails on any
# warning.
cross_check() {
	local arch=$1 desc=$2 obj=$B/obj-$1 t0=$SECONDS
	local name="$desc: W=1 build of drivers/char/lrng/" want stamp
	want="$3
CONFIG_CRYPTO_JITTERENTROPY=y
CONFIG_DEBUG_FS=y
CONFIG_KUNIT=y
CONFIG_LRNG_KUNIT_TEST=y"
	shift 3
	xmake() {
		make -C "$TREE" O="$obj" -j"$JOBS" "$@"
	}
	mkdir -p "$obj"
	stamp=$( { echo "$want $*"; cat "$TREE/drivers/char/Kconfig" \
		"$TREE"/drivers/char/lrng/Kconfig 2>/dev/null; echo "$KSRC"; } |
		sha256sum | cut -d' ' -f1)
	if [ "$(cat "$obj/.harness-config-stamp" 2>/dev/null)" != "$stamp" ] ||
		[ ! -f "$obj/.config" ]; then
		rm -f "$obj/.harness-config-stamp"
		if ! { xmake "$@" defconfig && echo "$want" >>"$obj/.config" &&
			xmake "$@" olddefconfig; } >"$LOGS/$arch-config.log" 2>&1; then
			fail "$name" "configuration failed (log: build/logs/$arch-config.log)"
			return 0
		fi
		echo "$stamp" >"$obj/.harness-config-stamp"
	fi
	config_has_all "$name" "$obj" "$want" || return 0
	w1_lrng_build "$name" "$obj" "$arch" "$t0" xmake "$@"
}

cross_checks() {
	msg "drivers/char/lrng/ for UML and arm64 (O=build/obj-um, obj-arm64, logs: build/logs/um-*.log, arm64-*.log)"
	cross_check um "UML (ARCH=um, gcc), no interrupt source" \
		"$NOIRQ_LRNG_OPTIONS" ARCH=um SUBARCH=x86_64 \
		CC="ccache gcc" HOSTCC="ccache gcc"
	if command -v clang >/dev/null && command -v ld.lld >/dev/null; then
		cross_check arm64 "arm64 (ARCH=arm64 LLVM=1, clang)" \
			"$DEBIAN_LRNG_OPTIONS" ARCH=arm64 \
			LLVM=1 CC="ccache clang" HOSTCC="ccache clang"
	else
		fail "arm64 (LLVM=1): W=1 build of drivers/char/lrng/" "clang or ld.lld missing (packages clang, lld)"
	fi
}
