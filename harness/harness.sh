#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# LRNG QEMU harness. Called by the top-level Makefile:
#   harness.sh deps|tree|kernel|initramfs|run|test|check|kunit|arm64|vm|clean
# Environment: KSRC, LRNG (y|n), KVM (1), TIMEOUT (s), PAYLOAD, CMDLINE, V.
set -euo pipefail

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/series.sh"
. "$(dirname "$0")/distro.sh"
. "$(dirname "$0")/kunit.sh"
. "$(dirname "$0")/randomness.sh"

# flavor_of LRNG: the flavor of make run, vm, kernel and initramfs, for
# ARCH (arm64-lrng, arm64-stock with ARCH=arm64).
flavor_of() {
	local pre=
	[ "$GUEST_ARCH" = arm64 ] && pre=arm64-
	case ${1:-y} in
	y | "") echo "${pre}lrng" ;;
	n) echo "${pre}stock" ;;
	*) die "LRNG=$1: use LRNG=y or LRNG=n" ;;
	esac
}

# ------------------------------------------------------------------ counting
PASSED=0
FAILED=0
FAILURES=()
pass() { PASSED=$((PASSED + 1)); printf '  PASS  %s\n' "$1"; }
fail() {
	FAILED=$((FAILED + 1))
	FAILURES+=("$1: $2")
	printf '  FAIL  %s: %s\n' "$1" "$2"
}

# ------------------------------------------------------------------ static checks
project_sources() {
	cd "$ROOT"
	{
		[ -d drivers/char/lrng ] && find drivers/char/lrng -type f \
			\( -name '*.[ch]' -o -name Kconfig -o -name Makefile -o -name Kbuild \)
		[ -f include/linux/lrng.h ] && echo include/linux/lrng.h
		[ -f Documentation/admin-guide/lrng.rst ] && echo Documentation/admin-guide/lrng.rst
		[ -d "$SELFTEST_REL" ] && find "$SELFTEST_REL" -maxdepth 1 -type f \
			\( -name '*.[ch]' -o -name Makefile \)
		# make bench's kernel module (not part of the patch series).
		[ -d harness/bench/kmod ] && find harness/bench/kmod -maxdepth 1 -type f \
			\( -name '*.[ch]' -o -name Makefile \)
	} | sort
}

static_checks() {
	local cp=$TREE/scripts/checkpatch.pl f out log
	msg "static checks"
	log=$LOGS/checkpatch.log
	: >"$log"
	local files
	files=$(project_sources)
	if [ -z "$files" ]; then
		fail "checkpatch" "no project sources (drivers/char/lrng/ missing)"
	fi
	for f in $files; do
		if out=$(cd "$ROOT" && perl "$cp" --strict --no-tree --no-summary \
			--terse --show-types -f "$f" 2>&1); then
			pass "checkpatch --strict $f"
		else
			echo "$out" >>"$log"
			fail "checkpatch --strict $f" "$(echo "$out" | grep -c ':' ) issue(s), first: $(echo "$out" | head -1 | cut -c1-160)"
		fi
	done
	# The patches: checkpatch as patches. They have no commit message
	# or sign-off (the harness applies them, they are never mailed), so
	# those checks are off.
	# A plain "diff -u" without a "diff --git" line makes checkpatch read
	# the hunks as commit log (blank context lines become "trailing
	# whitespace"), so the header is added to a copy when missing.
	mkdir -p "$B/checkpatch"
	for f in Kconfig.patch Makefile.patch sched.patch; do
		[ -f "$ROOT/$f" ] || { fail "checkpatch $f" "$f missing"; continue; }
		awk '/^--- a\// && prev !~ /^(diff |index |new file|deleted file)/ {
			p = substr($2, 3); print "diff --git a/" p " b/" p }
			{ print; prev = $0 }' "$ROOT/$f" >"$B/checkpatch/$f"
		if out=$(cd "$B/checkpatch" && perl "$cp" --strict --no-tree --no-signoff \
			--no-summary --terse --show-types \
			--ignore COMMIT_MESSAGE,MISSING_SIGN_OFF,FILE_PATH_CHANGES \
			"$f" 2>&1); then
			pass "checkpatch --strict --no-signoff $f"
		else
			echo "$out" >>"$log"
			fail "checkpatch $f" "$(echo "$out" | head -1 | cut -c1-160)"
		fi
	done
	kerneldoc_check
	sphinx_check
	manifest_static_checks
}

# The manifest parses, README's test tiers and harness/README's list of
# checks are the ones generated from it, and its checker passes its own
# tests on crafted result channels (a check of the harness, not of the
# kernel).
manifest_static_checks() {
	local out
	if out=$(manifest readme-check "$ROOT/README" "$ROOT/harness/README" 2>&1); then
		pass "README and harness/README: generated from harness/manifest"
	else
		fail "README and harness/README: generated from harness/manifest" "$(echo "$out" | head -1)"
	fi
	if out=$(manifest selftest 2>&1); then
		pass "harness: manifest checker self-tests ($(echo "$out" | tail -1))"
	else
		fail "harness: manifest checker self-tests" "$(echo "$out" | grep -m1 -e FAIL -e Error)"
	fi
}

# W=1 and sparse on drivers/char/lrng/ in the lrng O= dir. Needs a
# configured and prepared tree (run after the kernel build).
extra_warnings() {
	local obj
	obj=$(objdir lrng)
	if [ ! -d "$TREE/drivers/char/lrng" ]; then
		fail "W=1 build of drivers/char/lrng/" "drivers/char/lrng/ missing"
		fail "sparse (C=2) drivers/char/lrng/" "drivers/char/lrng/ missing"
		return
	fi
	if ! grep -qx 'CONFIG_LRNG=y' "$obj/.config" 2>/dev/null; then
		fail "W=1 build of drivers/char/lrng/" "not run: no CONFIG_LRNG=y kernel config"
		fail "sparse (C=2) drivers/char/lrng/" "not run: no CONFIG_LRNG=y kernel config"
		return
	fi
	find "$obj/drivers/char/lrng" -name '*.o' -delete 2>/dev/null || true
	local w=$LOGS/w1.log
	if ! kmake "$obj" W=1 drivers/char/lrng/ >"$w" 2>&1; then
		fail "W=1 build of drivers/char/lrng/" "build failed: $(grep -m1 -E 'error' "$w" | cut -c1-160) (log: build/logs/w1.log)"
	elif grep -q 'warning:' "$w"; then
		fail "W=1 build of drivers/char/lrng/" "$(grep -c 'warning:' "$w") warning(s), first: $(grep -m1 'warning:' "$w" | cut -c1-160)"
	else
		pass "W=1 build of drivers/char/lrng/ (no warnings)"
	fi
	if command -v sparse >/dev/null; then
		local s=$LOGS/sparse.log
		if ! kmake "$obj" W=1 C=2 drivers/char/lrng/ >"$s" 2>&1; then
			fail "sparse (C=2) drivers/char/lrng/" "build failed (log: build/logs/sparse.log)"
		elif grep -E '(drivers/char/lrng/|include/linux/lrng\.h).*(warning|error):' "$s" >"$s.hits"; then
			fail "sparse (C=2) drivers/char/lrng/" "$(wc -l <"$s.hits") warning(s), first: $(head -1 "$s.hits" | cut -c1-160)"
		else
			pass "sparse (C=2) drivers/char/lrng/ (no warnings)"
		fi
	else
		info "sparse not installed: skipped"
	fi
}

# ------------------------------------------------------------------ guest test boot
# KUnit: all suites' debugfs results joined into one KTAP document.
kunit_ktap() {
	awk '
	/^LRNG-KUNIT-BEGIN / { in_s = 1; n++; hdr = 0; next }
	/^LRNG-KUNIT-END /   { in_s = 0; next }
	in_s {
		sub(/^\| /, "")
		if (hdr < 2 && ($0 ~ /^KTAP version/ || $0 ~ /^1\.\./)) { hdr++; next }
		if ($0 ~ /^(not )?ok 1 /) sub(/ok 1 /, "ok " n " ")
		body = body $0 "\n"
	}
	END { printf "KTAP version 1\n1..%d\n%s", n, body }' "$1"
}

# The test manifest: every kselftest case, harness/init check and KUnit
# suite with its outcome in each boot (harness/manifest.py).
MANIFEST=$ROOT/harness/manifest
manifest() {
	python3 "$ROOT/harness/manifest.py" "$1" "$MANIFEST" "${@:2}"
}

# manifest_checks BOOT: build/logs/BOOT.result.log against the manifest,
# one counted check per test and KUnit suite (and one per protocol error).
manifest_checks() {
	local boot=$1 ok label reason n=0
	while IFS=$'\t' read -r ok label reason; do
		n=$((n + 1))
		if [ "$ok" = PASS ]; then
			pass "$label"
		else
			fail "$label" "$reason; see build/logs/$boot.result.log"
		fi
	done < <(manifest check "$boot" "$LOGS/$boot.result.log" "$USERDIR/lrng.list" 2>&1)
	[ $n -gt 0 ] || fail "$boot: manifest checks" "harness/manifest.py printed nothing"
}

# ABI transcripts (lrng_abi_test): "operation: result" lines that must be
# the same on both kernels. Fewer lines than this means the test did not
# get far.
ABI_TRANSCRIPT_MIN=600

abi_transcript() {
	echo "$LOGS/abi-transcript-$1.txt"
}

# abi_transcript_compare [PREFIX]: the LRNG kernel's transcript against the
# stock kernel's (PREFIX arm64-: the arm64 kernels'); one check, the diff
# printed and kept in build/logs.
abi_transcript_compare() {
	local pre=${1:-} a b n missing="" d
	d=$LOGS/abi-transcript${pre:+-${pre%-}}.diff
	a=$(abi_transcript "${pre}lrng")
	b=$(abi_transcript "${pre}stock")
	rm -f "$d"
	msg "ABI transcripts: diff -u build/logs/${a##*/} build/logs/${b##*/}"
	[ -s "$a" ] || missing="$missing ${a##*/}"
	[ -s "$b" ] || missing="$missing ${b##*/}"
	if [ -n "$missing" ]; then
		fail "ABI transcript ${pre}lrng = ${pre}stock" "empty or missing:$missing"
		return
	fi
	if diff -u "$a" "$b" >"$d"; then
		n=$(wc -l <"$a")
		echo "    (no difference)"
		if [ "$n" -lt $ABI_TRANSCRIPT_MIN ]; then
			fail "ABI transcript ${pre}lrng = ${pre}stock" "only $n lines (at least $ABI_TRANSCRIPT_MIN expected)"
		else
			pass "ABI transcript ${pre}lrng = ${pre}stock ($n lines, identical)"
		fi
	else
		cat "$d"
		fail "ABI transcript ${pre}lrng = ${pre}stock" "$(diff "$a" "$b" | grep -c '^[<>]') line(s) differ (build/logs/${d##*/})"
	fi
}

# boot_tests FLAVOR: boot in test mode and count every check.
boot_tests() {
	local flavor=$1 name=test-$1 initrd=$TESTS_CPIO res
	local tr extra="" skip
	skip=$(manifest skip "$name" "$USERDIR/lrng.list")
	tr=$(abi_transcript "$flavor")
	rm -f "$tr"
	# The distro kernel also runs the distro_* checks of harness/init, and
	# its reads take the SIMD ChaCha20 (a bad value first, refused).
	[ "$flavor" = distro ] &&
		extra="lrng.distro=1 lrng_drng_chacha20.simd=bogus lrng_drng_chacha20.simd=on"
	msg "booting $flavor kernel in test mode (console: build/logs/$name.console.log, results: build/logs/$name.result.log)"
	if boot "$name" "$flavor" "$initrd" test ${skip:+lrng.skip=$skip} $extra ${CMDLINE:-}; then
		pass "$flavor: boot, clean console, success verdict (${BOOT_SECONDS}s)"
	else
		fail "$flavor: boot" "$BOOT_REASON"
	fi
	res=$LOGS/$name.result.log
	manifest_checks "$name"
	sed -n 's/^LRNG-TRANSCRIPT: //p' "$res" >"$tr"
	info "ABI transcript: $(wc -l <"$tr") lines in build/logs/${tr##*/}"
	randomness_check "$flavor" "$name"

	if [ "$flavor" = stock ]; then
		special_boot_on stock unready-stock lrng_unready_test \
			random.trust_cpu=off random.trust_bootloader=off
		return 0
	fi
	[ "$flavor" = arm64-stock ] && return 0
	if [ "$flavor" = arm64-lrng ]; then
		# The arm64 kernel's one special boot: RNDR not trusted, the
		# CPU source credits nothing (lrng_type.cpu_source).
		special_boot_on arm64-lrng arm64-nocpu \
			lrng_seeding_test,lrng_proc_test random.trust_cpu=off
	elif [ "${SPECIAL_BOOTS:-1}" = 1 ] && [ "$flavor" != distro ]; then
		special_boots "$flavor"
	fi
	local ktap=$LOGS/$name.kunit.ktap
	kunit_ktap "$res" >"$ktap"
	if grep -q '^LRNG-KUNIT-BEGIN ' "$res"; then
		if python3 "$TREE/tools/testing/kunit/kunit.py" parse "$ktap" \
			>"$LOGS/$name.kunit.log" 2>&1; then
			pass "$flavor: kunit.py parse ($(grep -m1 -E 'Testing complete' "$LOGS/$name.kunit.log" | sed 's/.*Testing complete\. //'))"
		else
			fail "$flavor: kunit.py parse" "$(grep -m1 -E 'Testing complete|FAILED|crashed' "$LOGS/$name.kunit.log" | cut -c1-160) (log: build/logs/$name.kunit.log)"
		fi
	fi
}

# special_boot NAME TEST ARGS...: boot the LRNG kernel with ARGS and run
# only the kselftest TEST; the manifest's boot NAME says what its cases
# must show. The TAP line "ready N s after boot", if any, is quoted.
# special_boot_on FLAVOR NAME TEST ARGS...: the same on either kernel.
# special_boots sets SPECIAL_FLAVOR (lrng or lrng-debug, whose boots are
# named debug-NAME).
special_boot() {
	special_boot_on "${SPECIAL_FLAVOR:-lrng}" "$@"
}

special_boot_on() {
	local flavor=$1 name=$2 test=$3 secs
	shift 3
	[ "$flavor" = lrng-debug ] && name=debug-$name
	msg "booting $flavor kernel as $name: $test ($*)"
	if boot "$name" "$flavor" "$TESTS_CPIO" test "$@" lrng.only=$test; then
		pass "$flavor: boot with $* (${BOOT_SECONDS}s)"
	else
		fail "$flavor: boot with $*" "$BOOT_REASON"
	fi
	secs=$(grep -m1 -o 'ready [0-9.]* s after boot' "$LOGS/$name.result.log" || true)
	[ -z "$secs" ] || info "$name: $secs"
	manifest_checks "$name"
}

# selftest_param_check NAME: the boot NAME had lrng_selftest.selftest_status=1
# on its command line. The kernel must take it (a refused boot parameter
# makes parse_args() drop the arguments meant for init) and say that the
# self-tests run at boot anyway.
selftest_param_check() {
	local name=$1 con what
	[ "${SPECIAL_FLAVOR:-lrng}" = lrng-debug ] && name=debug-$name
	con=$LOGS/$name.console.log
	what="$name: lrng_selftest.selftest_status=1 on the command line is taken and ignored"
	if grep -aq "invalid for parameter \`lrng_selftest.selftest_status'" "$con"; then
		fail "$what" "$(grep -a -m1 'invalid for parameter' "$con" | tr -d '\r' | cut -c1-160)"
	elif ! grep -aq 'selftest_status=1 on the command line ignored' "$con"; then
		fail "$what" "no notice on the console (build/logs/$name.console.log)"
	else
		pass "$what"
	fi
}

# The boots that change the LRNG's entropy sources. $1: lrng (default) or
# lrng-debug. What each must show: harness/manifest.
special_boots() {
	local SPECIAL_FLAVOR=${1:-lrng}
	special_boot seed-irq lrng_seeding_test \
		random.trust_cpu=off random.trust_bootloader=off \
		lrng_es_jent.jitterrng=0 lrng_es_sched.sched_entropy=0
	special_boot seed-jent lrng_seeding_test \
		random.trust_cpu=off random.trust_bootloader=off \
		lrng_es_irq.irq_entropy=4294967295 lrng_es_sched.sched_entropy=0
	# The scheduler source alone, at its default rate: the test waits
	# without serial traffic while its own ping-pong switches tasks, up to
	# 240 s after boot, so the boot and the test get more time than the
	# others.
	TIMEOUT=$((TIMEOUT * 2)) special_boot seed-sched lrng_seeding_test \
		random.trust_cpu=off random.trust_bootloader=off \
		lrng_es_jent.jitterrng=0 lrng_es_irq.irq_entropy=4294967295 \
		lrng.timeout=300
	special_boot es-config lrng_es_config_test \
		lrng_es_cpu.cpu_entropy=128 lrng_es_jent.jitterrng=32
	special_boot unready-lrng lrng_unready_test \
		random.trust_cpu=off random.trust_bootloader=off \
		lrng_es_jent.jitterrng=0 lrng_es_irq.irq_entropy=4294967295 \
		lrng_es_sched.sched_entropy=0
	special_boot taps-boot lrng_testing_test \
		lrng_testing.boot_raw_hires_test=1 lrng_selftest.selftest_status=1
	selftest_param_check taps-boot
	special_boot health-stuck lrng_health_test \
		lrng_es_irq.irq_entropy=256
	# The debug kernel's runs beside the stress test: debug_tests.
	[ "$SPECIAL_FLAVOR" = lrng ] && ntg1_boot lrng
	return 0
}

# ntg1_boot FLAVOR: the AIS 20/31 NTG.1 mode (lrng_es_mgr.ntg1=1),
# lrng_ntg1_test and, on the debug kernel (debug-ntg1), lrng_stress_test
# after it. The test reads megabytes of prediction-resistant output, each
# 32 bytes a seed from two sources, beside light work and beside
# lrng_stress_test, also on the debug kernel: the boot gets 4 times
# TIMEOUT, each test 3 times.
ntg1_boot() {
	local flavor=$1 tests=lrng_ntg1_test
	[ "$flavor" = lrng-debug ] && tests=lrng_ntg1_test,lrng_stress_test
	TIMEOUT=$((TIMEOUT * 4)) special_boot_on "$flavor" ntg1 "$tests" \
		lrng_es_mgr.ntg1=1 lrng.timeout=$((TIMEOUT * 3))
}

# forge_check: a test that prints marker lines ("LRNG-VERDICT: success",
# "LRNG-TEST: ... pass", ...) and writes to the result channel directly
# (harness/guest/lrng_forge_test) must not change a result: what it prints
# reaches the channel only as prefixed test output, it does not inherit
# the channel's fd, and the boot ends with the test failed, never taken
# for a success (a verdict it writes through a device node of its own is
# a second verdict, which fails the boot).
forge_check() {
	local flavor=$1 name=forge res why=""
	msg "booting $flavor kernel as $name: a test that forges markers"
	res=$LOGS/$name.result.log
	if boot "$name" "$flavor" "$TESTS_CPIO" test lrng.only=lrng_forge_test; then
		why="the boot was taken for a success"
	elif [ "$(grep -c '^LRNG-TEST: ' "$res")" != 1 ] ||
		! grep -q '^LRNG-TEST: lrng_forge_test fail rc=1 ' "$res"; then
		why="result lines: $(grep '^LRNG-TEST' "$res" | tr '\n' ' ')"
	elif [ "$(grep -c '^| LRNG-VERDICT: success$' "$res")" -lt 2 ]; then
		why="the forged lines are not in the channel as test output"
	elif grep -q '^| fd 3 was open' "$res"; then
		why="the test inherited the result channel's fd 3"
	fi
	if [ -z "$why" ]; then
		pass "$flavor: a test printing marker lines changes no result ($BOOT_REASON)"
	else
		fail "$flavor: a test printing marker lines changes no result" "$why; see build/logs/$name.result.log"
	fi
}

# health_panic_check: the health-stuck boot with
# lrng_health.panic_on_permanent_health_failure=1. lrng_health_test's
# stuck_noise case drives CPU 0's stream into a permanent failure, and the
# kernel must panic with the LRNG's message: the failure logged first, the
# panic the first report on the console (no WARN, BUG or other panic
# before it), and lrng_health_test not finished, since the panic stops it.
health_panic_check() {
	local flavor=$1 name=health-panic con res why="" first fl pl
	local failed='interrupt entropy source failed its health tests permanently'
	local panic='Kernel panic - not syncing: LRNG: permanent health test failure'
	msg "booting $flavor kernel as $name: a permanent health test failure panics"
	con=$LOGS/$name.console.log
	res=$LOGS/$name.result.log
	if boot "$name" "$flavor" "$TESTS_CPIO" test \
		lrng_es_irq.irq_entropy=256 \
		lrng_health.panic_on_permanent_health_failure=1 \
		lrng.only=lrng_health_test; then
		why="the boot ended without a panic"
	else
		first=$(grep -m1 -aE "$QEMU_BAD" "$con" | tr -d '\r' || true)
		fl=$(grep -m1 -an "$failed" "$con" | cut -d: -f1 || true)
		pl=$(grep -m1 -anF "$panic" "$con" | cut -d: -f1 || true)
		if [ -z "$fl" ]; then
			why="no permanent failure logged ($BOOT_REASON)"
		elif [[ $first != *"$panic"* ]]; then
			why="first console report: ${first:0:160}"
		elif [ "$fl" -gt "$pl" ]; then
			why="the panic came before the failure was logged"
		elif grep -q '^LRNG-TEST: lrng_health_test ' "$res"; then
			why="lrng_health_test ended: $(grep -m1 '^LRNG-TEST: lrng_health_test ' "$res")"
		fi
	fi
	if [ -z "$why" ]; then
		pass "$flavor: a permanent health test failure panics with lrng_health.panic_on_permanent_health_failure=1"
	else
		fail "$flavor: a permanent health test failure panics with lrng_health.panic_on_permanent_health_failure=1" "$why; see build/logs/$name.console.log"
	fi
}

# random.c must not be built into the LRNG kernel, and must be in the stock one.
random_o_check() {
	local flavor=$1 obj=$B/obj-$1/drivers/char/random.o
	if [ "$(flavor_kind "$flavor")" = lrng ]; then
		if [ -e "$obj" ]; then
			fail "$flavor: random.c not built" "$obj exists"
		else
			pass "$flavor: random.c not built (no drivers/char/random.o)"
		fi
	elif [ -e "$obj" ]; then
		pass "$flavor: random.c built (drivers/char/random.o)"
	else
		fail "$flavor: random.c built" "$obj missing"
	fi
}

user_and_initramfs() {
	local flavor=$1
	build_user "$flavor" || return 1
	make_initramfs "$TESTS_CPIO"
}

# arm64_tests: the LRNG and stock kernels for arm64 (harness/arm64.config),
# built with the cross gcc and booted in test mode under
# qemu-system-aarch64 -M virt -cpu max (TCG) with the arm64 guest programs
# (build/user-arm64) and Debian's arm64 busybox; then their ABI
# transcripts compared. What each boot must show: harness/manifest.
arm64_tests() {
	local GUEST_ARCH USERDIR TESTS_CPIO f t1=$SECONDS
	use_guest_arch arm64
	for f in arm64-lrng arm64-stock; do
		rm -f "$(abi_transcript "$f")"
	done
	for f in arm64-lrng arm64-stock; do
		if ! build_kernel "$f"; then
			fail "$f: kernel build" "see build/logs/build-$f.log or config-$f.log"
			continue
		fi
		pass "$f: kernel build"
		random_o_check "$f"
		if user_and_initramfs "$f"; then
			boot_tests "$f"
		else
			fail "$f: guest programs" "build failed (log: build/logs/user.log)"
		fi
	done
	abi_transcript_compare arm64-
	info "arm64 kernels: $((SECONDS - t1)) s"
}

# The debug kernel (lrng-debug: the distro configuration plus
# harness/debug.config, KASAN, UBSAN, lockdep, DEBUG_ATOMIC_SLEEP,
# DEBUG_OBJECTS, PREEMPT): its build and the test boot (kselftests with
# lrng_switch_test and lrng_numa_test required, vDSO test, KUnit) on the
# distro kernel's VM (disk, vmgenid, two NUMA nodes) with the extension
# modules in the initramfs; with $1 = all also the special boots, the
# NTG.1 mode beside the stress (debug-ntg1) and the stress, NUMA and
# switch tests at -smp 4 on four NUMA nodes (the stress takes CPUs 1-3
# offline in turn). boot() fails a boot on any checker report on the
# console.
debug_tests() {
	local what=$1 t1=$SECONDS
	if ! build_kernel lrng-debug; then
		fail "lrng-debug: kernel build" "see build/logs/build-lrng-debug.log or config-lrng-debug.log"
		return
	fi
	pass "lrng-debug: kernel build (harness/distro.config and debug.config options all set)"
	if ! flavor_modules lrng-debug ||
		! INITRAMFS_MODULES=$B/modules-lrng-debug user_and_initramfs lrng-debug; then
		fail "lrng-debug: guest programs" "build failed (log: build/logs/user.log)"
		return
	fi
	if [ "$what" = all ]; then
		boot_tests lrng-debug
		fault_boot lrng-debug
		NUMA_NODES=4 special_boot_on lrng-debug smp4-numa4 \
			lrng_stress_test,lrng_numa_test,lrng_switch_test
		ntg1_boot lrng-debug
	else
		SPECIAL_BOOTS=0 boot_tests lrng-debug
	fi
	info "debug kernel: $((SECONDS - t1)) s"
}

cmd_test_debug() {
	local t0=$SECONDS
	deps
	prepare_tree
	debug_tests all
	echo
	info "make test-debug took $((SECONDS - t0)) s; logs in build/logs/"
	summary
}

# ------------------------------------------------------------------ commands
# The failures, then the closing line "N passed, N failed"; fails if any did.
summary() {
	if [ $FAILED -gt 0 ]; then
		echo "Failures:"
		local x
		for x in "${FAILURES[@]}"; do echo "  - $x"; done
	fi
	echo "$PASSED passed, $FAILED failed"
	[ $FAILED -eq 0 ]
}

# make sp80090b's smoke pass (harness/sp80090b.sh --smoke): its collection
# and restart boots at a small size on the LRNG kernel; each of its checks
# (build/sp80090b-smoke/checks.tsv) is counted here.
sp80090b_smoke() {
	local log=$LOGS/sp80090b-smoke.log chk=$B/sp80090b-smoke/checks.tsv
	local rc=0 ok what why t1=$SECONDS
	msg "make sp80090b smoke pass (log: build/logs/sp80090b-smoke.log)"
	rm -f "$chk"
	SP80090B_NO_BUILD=1 "$ROOT/harness/sp80090b.sh" --smoke >"$log" 2>&1 || rc=$?
	if [ -f "$chk" ]; then
		while IFS=$'\t' read -r ok what why; do
			if [ "$ok" = PASS ]; then
				pass "sp80090b: $what"
			else
				fail "sp80090b: $what" "$why (log: build/logs/sp80090b-smoke.log)"
			fi
		done <"$chk"
	fi
	if [ $rc -ne 0 ] && ! grep -q '^FAIL' "$chk" 2>/dev/null; then
		fail "sp80090b: smoke pass" "exited $rc: $(tail -n1 "$log" | cut -c1-160) (log: build/logs/sp80090b-smoke.log)"
	elif [ "$(wc -l <"$chk" 2>/dev/null || echo 0)" -lt 8 ]; then
		# report.py selftest, the collection and restart boots, and the
		# five checks of the files (harness/README, "make sp80090b").
		fail "sp80090b: smoke pass" "$(wc -l <"$chk" 2>/dev/null || echo 0) of its 8 checks in build/sp80090b-smoke/checks.tsv (log: build/logs/sp80090b-smoke.log)"
	fi
	info "sp80090b smoke pass: $((SECONDS - t1)) s"
}

cmd_test() {
	local t0=$SECONDS flavors
	case ${LRNG:-} in
	"") flavors="lrng stock" ;;
	y) flavors="lrng" ;;
	n) flavors="stock" ;;
	*) die "LRNG=$LRNG: use LRNG=y or LRNG=n" ;;
	esac
	deps
	prepare_tree
	if [[ $flavors == *lrng* ]]; then
		static_checks
	else
		info "LRNG=n: static checks and the LRNG boot are skipped"
	fi
	local f built=""
	for f in $flavors; do
		rm -f "$(abi_transcript "$f")"
	done
	for f in $flavors; do
		local ok=1
		if build_kernel "$f"; then
			pass "$f: kernel build"
			random_o_check "$f"
		else
			fail "$f: kernel build" "see build/logs/build-$f.log or config-$f.log"
			ok=0
		fi
		if [ $f = lrng ]; then
			extra_warnings
			# W=1 left the lrng objects with other flags: rebuild.
			[ $ok = 1 ] && { build_kernel lrng >/dev/null || ok=0; }
		fi
		if [ $ok = 1 ]; then
			built="$built $f"
			if user_and_initramfs "$f"; then
				boot_tests "$f"
				[ "$f" = lrng ] && forge_check lrng
				[ "$f" = lrng ] && health_panic_check lrng
			else
				fail "$f: guest programs" "build failed (log: build/logs/user.log)"
			fi
		else
			fail "$f: boot and tests" "not run: the $f kernel did not build"
		fi
	done
	# Both kernels booted in this run: their ABI transcripts must agree.
	if [ "$flavors" = "lrng stock" ]; then
		abi_transcript_compare
		# The same two kernels for arm64, in an aarch64 guest.
		arm64_tests
	else
		info "one kernel only: ABI transcript written, not compared"
	fi
	# The patch series (build/patches) applied to pristine copies and
	# built, and drivers/char/lrng/ with Debian's config (harness/series.sh).
	if [[ $flavors == *lrng* ]]; then
		series_checks
		debian_check
	fi
	# make test-debug's slice: the debug kernel's build and its test boot
	# (all kselftests, the stress test, KUnit); the special boots only in
	# make test-debug.
	[[ $flavors == *lrng* ]] && debug_tests slice
	# The distribution-like kernel (harness/distro.config): build, test
	# boot with a SCSI disk and vmgenid, export parity; drivers/char/lrng/
	# compiled for UML and arm64 (harness/distro.sh); the KUnit suites
	# through kunit.py on UML (harness/kunit.sh).
	if [[ $flavors == *lrng* ]]; then
		distro_tests
		cross_checks
		kunit_tool_check
	fi
	# make bench's smoke pass (harness/bench.sh --smoke): one short boot
	# of each kind on each kernel; passes when every figure was produced.
	if [ "$built" = " lrng stock" ]; then
		local blog=$LOGS/bench-smoke.log t1=$SECONDS
		msg "make bench smoke pass (log: build/logs/bench-smoke.log)"
		if BENCH_NO_BUILD=1 "$ROOT/harness/bench.sh" --smoke >"$blog" 2>&1; then
			pass "bench: smoke pass, every figure on both kernels ($((SECONDS - t1))s)"
		else
			fail "bench: smoke pass" "$(grep -m1 -E 'missing figures|ERROR|FAILED' "$blog" | cut -c1-160) (log: build/logs/bench-smoke.log)"
		fi
		# The page-crossing mark of the table: its rule on crafted input,
		# and the timed functions found in both kernels' vmlinux.
		local lay=$B/bench-smoke/layout.txt
		if ! out=$(python3 "$ROOT/harness/bench/report.py" --selftest 2>&1); then
			fail "bench: page-crossing mark" "report.py --selftest: $out"
		elif ! grep -q '^lrng add_interrupt_randomness ' "$lay" ||
			! grep -q '^stock add_interrupt_randomness ' "$lay"; then
			fail "bench: page-crossing mark" "no add_interrupt_randomness of both kernels in build/bench-smoke/layout.txt"
		else
			pass "bench: page-crossing mark: rule right, both kernels' layout read"
		fi
	fi
	[[ $built == *lrng* ]] && sp80090b_smoke
	if [ -f "$B/obj-lrng/.config" ] && [ -f "$B/obj-stock/.config" ]; then
		# Informational: what besides LRNG differs between the configs
		# (CONFIG_LRNG_RAW_JENT_ENTROPY selects the Jitter RNG's test
		# interface, which the stock kernel cannot have).
		diff <(grep -v -E 'CONFIG_LRNG|CONFIG_CRYPTO_JITTERENTROPY_TESTINTERFACE' "$B/obj-lrng/.config") \
			<(grep -v -E 'CONFIG_LRNG|CONFIG_CRYPTO_JITTERENTROPY_TESTINTERFACE' "$B/obj-stock/.config") \
			>"$LOGS/config-diff.log" 2>&1 || true
		[ ! -s "$LOGS/config-diff.log" ] ||
			info "note: lrng and stock .config differ in more than CONFIG_LRNG*: build/logs/config-diff.log"
	fi
	echo
	info "make test took $((SECONDS - t0)) s; logs in build/logs/"
	summary
}

cmd_run() {
	local flavor t0=$SECONDS
	flavor=$(flavor_of "${LRNG:-y}")
	deps
	prepare_tree
	build_kernel "$flavor" || exit 1
	build_user "$flavor" || exit 1
	make_initramfs "$TESTS_CPIO"
	msg "booting $flavor kernel (console: build/logs/run-$flavor.console.log)"
	local rc=0
	boot "run-$flavor" "$flavor" "$TESTS_CPIO" run ${CMDLINE:-} || rc=1
	echo
	grep -v -E '^LRNG-(BEGIN|VERDICT)' "$LOGS/run-$flavor.result.log" | sed 's/^| //' || true
	echo
	if [ $rc -eq 0 ]; then
		echo "boot OK: $flavor kernel $(sed -n 's/.*kernel=\([^ ]*\).*/\1/p' "$LOGS/run-$flavor.result.log"), VM ran ${BOOT_SECONDS}s, total $((SECONDS - t0))s"
	else
		echo "boot FAILED: $BOOT_REASON"
		echo "console log: $LOGS/run-$flavor.console.log"
	fi
	return $rc
}

cmd_vm() {
	local flavor payload
	flavor=$(flavor_of "${LRNG:-y}")
	[ -n "${PAYLOAD:-}" ] || die "make vm needs PAYLOAD=dir (with an executable 'run' script)"
	payload=$(cd "$PAYLOAD" && pwd) || die "PAYLOAD=$PAYLOAD does not exist"
	[ -f "$payload/run" ] || die "$payload/run missing"
	deps
	prepare_tree
	build_kernel "$flavor" || exit 1
	build_user "$flavor" || exit 1
	make_initramfs "$B/initramfs/vm-$flavor.cpio" "$payload"
	msg "booting $flavor kernel with $payload (console follows)"
	local rc=0 status
	SHOW_CONSOLE=1 boot "vm-$flavor" "$flavor" "$B/initramfs/vm-$flavor.cpio" vm ${CMDLINE:-} || rc=1
	status=$(sed -n 's/^LRNG-VM-EXIT: \([0-9]*\).*/\1/p' "$LOGS/vm-$flavor.result.log" | head -1)
	if [ -z "$status" ]; then
		echo "vm: run script did not finish: $BOOT_REASON" >&2
		exit 125
	fi
	[ $rc -eq 0 ] || [ "$status" -ne 0 ] || { echo "vm: $BOOT_REASON" >&2; exit 125; }
	echo "vm: run exited with $status"
	exit "$status"
}

cmd=${1:-}
# ARCH=arm64 is for the targets that boot one kernel; the others choose
# their architectures themselves (make test boots both).
case $cmd in
run | vm | kernel | initramfs | deps | tree | patch) ;;
*)
	[ "$GUEST_ARCH" = x86_64 ] ||
		die "ARCH=$GUEST_ARCH is for make run, vm, kernel and initramfs; make $cmd chooses its architectures"
	;;
esac
case $cmd in
deps) deps ;;
patch) deps; make_patch ;;
tree) deps; prepare_tree ;;
kernel) deps; prepare_tree; build_kernel "$(flavor_of "${LRNG:-y}")" ;;
initramfs)
	deps; prepare_tree
	f=$(flavor_of "${LRNG:-y}")
	[ -f "$(objdir "$f")/usr/include/linux/random.h" ] || build_kernel "$f" || exit 1
	build_user "$f" && make_initramfs "$TESTS_CPIO"
	;;
checkpatch)
	deps; prepare_tree; static_checks
	echo "$PASSED passed, $FAILED failed"
	[ $FAILED -eq 0 ]
	;;
check)
	deps; prepare_tree; static_checks
	if build_kernel lrng; then
		pass "lrng: kernel build"
	else
		fail "lrng: kernel build" "see build/logs/build-lrng.log or config-lrng.log"
	fi
	extra_warnings
	echo "$PASSED passed, $FAILED failed"
	[ $FAILED -eq 0 ]
	;;
run) cmd_run ;;
test) cmd_test ;;
test-debug) cmd_test_debug ;;
test-distro)
	deps; prepare_tree; distro_tests; cross_checks
	summary
	;;
kunit)
	deps; prepare_tree; kunit_tool_check
	summary
	;;
arm64)
	deps; prepare_tree; arm64_tests
	summary
	;;
vm) cmd_vm ;;
*) die "usage: $0 deps|patch|tree|kernel|initramfs|checkpatch|check|run|test|test-debug|test-distro|kunit|arm64|vm" ;;
esac
