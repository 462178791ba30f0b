#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make sp80090b: the data sets of an SP800-90B assessment of the LRNG's
# interrupt entropy source, taken from the LRNG test kernel in QEMU, and
# with NIST's tools the assessment (harness/README, "make sp80090b").
#
#   harness/sp80090b.sh           make sp80090b, results in build/sp80090b/
#   harness/sp80090b.sh --smoke   20000 samples, 5 restarts, no NIST tools,
#                                 every file checked; build/sp80090b-smoke/
#   harness/sp80090b.sh --assess  the checks, the NIST tools and the report
#                                 again on build/sp80090b/, without boots
#
# Boots (lrng kernel, make vm style, payload harness/sp80090b/run):
#   collect   SAMPLES consecutive samples of the tap lrng_raw_hires under
#             serial traffic, read with getrawentropy
#   restart   RESTARTS boots with lrng_testing.boot_raw_hires_test=1, each
#             giving the first 1000 samples since boot; a failed boot is
#             booted once more, a second failure ends the run
# The data leave the guest raw on the third serial port (as the output
# sample of randomness.sh: the byte values 0..255 first, so that a changed
# byte shows); harness/sp80090b/report.py takes them apart, checks the
# files and writes report.txt.
#
# Environment: SAMPLES (1000000), RESTARTS (1000), NIST_EA (a directory
# holding ea_non_iid and ea_restart of NIST's SP800-90B_EntropyAssessment),
# SP80090B_NO_BUILD (1: the lrng kernel and guest programs as built, as
# make test does), and the harness's KSRC, KVM, TIMEOUT, CMDLINE, JOBS.
set -euo pipefail

TIMEOUT_SET=${TIMEOUT:+1}
. "$(dirname "$0")/lib.sh"
[ "$GUEST_ARCH" = x86_64 ] || die "make sp80090b runs on x86_64 only (ARCH=$GUEST_ARCH)"

T0=$SECONDS
MODE=full
case ${1:-} in
--smoke) MODE=smoke ;;
--assess) MODE=assess ;;
"") ;;
*) die "usage: $0 [--smoke | --assess]" ;;
esac
REPORT=$ROOT/harness/sp80090b/report.py
if [ $MODE = smoke ]; then
	OUT=$B/sp80090b-smoke PREFIX=sp80090b-smoke
	NSAMP=20000 NREST=5 EA=
else
	OUT=$B/sp80090b PREFIX=sp80090b
	NSAMP=${SAMPLES:-1000000} NREST=${RESTARTS:-1000} EA=${NIST_EA:-}
fi
# Each sample takes 5 bytes of the guest's tmpfs (half of its 512 MiB).
if ! [[ $NSAMP =~ ^[1-9][0-9]*$ ]] || [ "$NSAMP" -gt 40000000 ]; then
	die "SAMPLES=$NSAMP: 1 to 40000000"
fi
[[ $NREST =~ ^[1-9][0-9]*$ ]] || die "RESTARTS=$NREST: a positive integer"
if [ -n "$EA" ]; then
	EA=$(cd "$EA" 2>/dev/null && pwd) || die "NIST_EA=$NIST_EA does not exist"
	for t in ea_non_iid ea_restart; do
		[ -x "$EA/$t" ] || die "NIST_EA=$EA has no executable $t"
	done
fi
# Boot names (logs in build/logs/), the files the checks read.
CNAME=$PREFIX-collect RNAME=$PREFIX-restart
CHECKS=$OUT/checks.tsv
read -r -a XCMD <<<"${CMDLINE:-}"

# ------------------------------------------------------------------ checks
# record: PASS/FAIL lines ("PASS<TAB>what" or "FAIL<TAB>what<TAB>reason")
# from stdin into CHECKS, and printed. make test counts each of them.
FAILED=0
record() {
	local ok what why
	while IFS=$'\t' read -r ok what why; do
		printf '%s\t%s\t%s\n' "$ok" "$what" "$why" >>"$CHECKS"
		if [ "$ok" = PASS ]; then
			info "PASS  $what"
		else
			FAILED=$((FAILED + 1))
			info "FAIL  $what: $why"
		fi
	done
}
check_pass() { record < <(printf 'PASS\t%s\n' "$1"); }
check_fail() { record < <(printf 'FAIL\t%s\t%s\n' "$1" "$2"); }

# finish RC: exit 0 when RC is 0 and no check failed.
finish() {
	info "files in ${OUT#"$ROOT"/}/; sp80090b took $((SECONDS - T0)) s"
	if [ "$FAILED" -eq 0 ] && [ "$1" -eq 0 ]; then
		exit 0
	fi
	exit 1
}

# progress TEXT: one line rewritten in place on a terminal, else printed
# at most once a minute.
PROGRESS_AT=0
progress() {
	if [ -t 1 ]; then
		printf '\r    %s\033[K' "$1"
	elif [ $((SECONDS - PROGRESS_AT)) -ge 60 ]; then
		PROGRESS_AT=$SECONDS
		info "$1"
	fi
}
progress_end() {
	if [ -t 1 ]; then printf '\n'; fi
}

# The guest's last status line of a boot ("SP80090B ...").
guest_status() {
	grep -a '^SP80090B ' "$LOGS/$1.result.log" 2>/dev/null |
		grep -v -e '^SP80090B progress ' -e '^SP80090B type ' \
			-e '^SP80090B sending ' | tail -n1 || true
}

# ------------------------------------------------------------------ assessment
# The checks of the files, the NIST tools when NIST_EA is set, report.txt.
assess() {
	local rc=0 rrc=0 crc=0 h opts=() before=$FAILED
	python3 "$REPORT" check "$OUT" >"$OUT/check.out" 2>&1 || crc=$?
	record <"$OUT/check.out"
	# A crash of the checker is a failure even after PASS lines.
	if [ $crc -ne 0 ] && [ "$FAILED" -eq "$before" ]; then
		check_fail "report.py check" "exit status $crc: $(tail -n1 "$OUT/check.out")"
	fi
	if [ -n "$EA" ] && [ "$FAILED" -gt 0 ]; then
		opts=(--skipped "a check of the files failed")
	elif [ -n "$EA" ]; then
		msg "ea_non_iid -v samples.8bit 8 (output: ${OUT#"$ROOT"/}/ea_non_iid.txt)"
		(cd "$OUT" && "$EA/ea_non_iid" -v samples.8bit 8) \
			>"$OUT/ea_non_iid.txt" 2>&1 || rc=$?
		opts=(--non-iid "$rc")
		if ! h=$(python3 "$REPORT" h-initial "$OUT/ea_non_iid.txt"); then
			opts+=(--restart-skipped "ea_non_iid gave no H_I")
		elif [ "$NREST" -ne 1000 ]; then
			opts+=(--restart-skipped "RESTARTS=$NREST: ea_restart reads 1000 restarts of 1000 samples")
		else
			msg "ea_restart -v restart.8bit 8 $h (output: ${OUT#"$ROOT"/}/ea_restart.txt)"
			(cd "$OUT" && "$EA/ea_restart" -v restart.8bit 8 "$h") \
				>"$OUT/ea_restart.txt" 2>&1 || rrc=$?
			opts+=(--restart "$rrc")
		fi
	fi
	echo
	python3 "$REPORT" report "$OUT" "${opts[@]}" || return 1
}

if [ $MODE = assess ]; then
	[ -f "$OUT/collection.txt" ] || die "no ${OUT#"$ROOT"/}/collection.txt: run make sp80090b first"
	NREST=$(sed -n 's/^restarts: //p' "$OUT/collection.txt")
	[[ $NREST =~ ^[1-9][0-9]*$ ]] ||
		die "${OUT#"$ROOT"/}/collection.txt: no restarts line"
	rm -f "$CHECKS" "$OUT/report.txt" "$OUT/ea_non_iid.txt" "$OUT/ea_restart.txt"
	rc=0
	assess || rc=1
	finish $rc
fi

# ------------------------------------------------------------------ build
if [ "${SP80090B_NO_BUILD:-0}" = 1 ]; then
	[ -f "$(objdir lrng)/arch/x86/boot/bzImage" ] ||
		die "SP80090B_NO_BUILD=1 but no lrng kernel (build/obj-lrng)"
	[ -x "$USERDIR/staging/lrng/getrawentropy" ] ||
		die "SP80090B_NO_BUILD=1 but no guest programs (getrawentropy)"
else
	deps
	prepare_tree
	build_kernel lrng || die "the lrng kernel did not build (build/logs/build-lrng.log)"
	build_user lrng || die "guest programs did not build (build/logs/user.log)"
fi

rm -rf "$OUT"
mkdir -p "$OUT/payload" "$OUT/logs"
P=$OUT/payload
msg "building the guest helper (static) into ${P#"$ROOT"/}"
cp "$ROOT/harness/sp80090b/run" "$P/run"
gcc -static -O2 -Wall -Wextra -I"$ROOT/$SELFTEST_REL" \
	-isystem "$(objdir lrng)/usr/include" -o "$P/sp80090b_guest" \
	"$ROOT/harness/sp80090b/sp80090b_guest.c" || die "sp80090b_guest did not build"
CPIO=$OUT/sp80090b.cpio
make_initramfs "$CPIO" "$P"

: >"$CHECKS"
if [ $MODE = smoke ]; then
	# The checks and parsers of report.py on crafted files: a test of the
	# harness, which the boots below cannot fake.
	if out=$(python3 "$REPORT" selftest 2>&1); then
		check_pass "report.py selftest: crafted files and tool outputs judged right"
	else
		check_fail "report.py selftest" "$(echo "$out" | grep -m1 '^FAIL' || echo "$out" | tail -n1)"
	fi
fi

accel="TCG -cpu max"
[ "${KVM:-0}" = 1 ] && accel="KVM -cpu host"
{
	echo "samples: $NSAMP"
	echo "restarts: $NREST"
	echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "machine: QEMU $(qemu-system-x86_64 --version | head -1 | sed 's/QEMU emulator version //'), $accel -smp 2 -m 512"
	echo "load: serial traffic on ttyS0 (lrng_traffic_start() of the kselftests)"
	echo "cmdline: kunit.enable=0${CMDLINE:+ $CMDLINE}"
} >"$OUT/collection.txt"

# ------------------------------------------------------------------ collection
# watch_collection: the collection boot's progress, from its result channel
# ("SP80090B progress N", samples so far) and, once the guest sends, from
# the bytes that arrived on the third serial port.
watch_collection() {
	local res=$LOGS/$CNAME.result.raw raw=$LOGS/$CNAME.sample.raw n want got
	while sleep 2; do
		n=$(tail -c 4096 "$res" 2>/dev/null |
			sed -n 's/^SP80090B progress \([0-9]*\)$/\1/p' | tail -n1) || true
		want=$(tail -c 4096 "$res" 2>/dev/null |
			sed -n 's/^SP80090B sending bytes=\([0-9]*\)$/\1/p' | tail -n1) || true
		if [ -n "$want" ]; then
			got=$(stat -c %s "$raw" 2>/dev/null || echo 0)
			progress "collected $NSAMP of $NSAMP samples; sent $got of $want bytes"
		else
			progress "collected ${n:-0} of $NSAMP samples"
		fi
	done
}

# A collection must not be cut off by the default TIMEOUT: 2 ms a sample
# on top of it.
ctimeout=$TIMEOUT
[ -n "${TIMEOUT_SET:-}" ] || ctimeout=$((TIMEOUT + NSAMP / 500))
msg "collection boot: $NSAMP samples of lrng_raw_hires under serial traffic (console: build/logs/$CNAME.console.log, timeout ${ctimeout}s)"
watch_collection &
wpid=$!
trap 'kill $wpid 2>/dev/null' EXIT
rc=0
TIMEOUT=$ctimeout boot "$CNAME" lrng "$CPIO" vm kunit.enable=0 \
	SP80090B_MODE=collect SP80090B_SAMPLES="$NSAMP" "${XCMD[@]}" || rc=1
kill "$wpid" 2>/dev/null || true
wait "$wpid" 2>/dev/null || true
trap - EXIT
progress_end
res=$LOGS/$CNAME.result.log
if [ $rc -ne 0 ]; then
	why="$BOOT_REASON; guest: $(guest_status "$CNAME")"
fi
sed -n 's/^SP80090B type //p' "$res" >"$OUT/lrng_type.txt"
if [ $rc -eq 0 ]; then
	# Empty when the serial port held the pattern and both files.
	gcd=$(sed -n '/^IRQ ES properties:/,/^[^ ]/s/^ *Time stamp GCD: *//p' \
		"$OUT/lrng_type.txt")
	why=$(python3 "$REPORT" extract "$LOGS/$CNAME.sample.raw" "$NSAMP" \
		"$OUT/samples.8bit" "$OUT/samples.32bit" "${gcd:-?}" 2>&1) ||
		why=${why:-extract failed}
fi
echo "kernel: $(sed -n 's/^LRNG-BEGIN .*kernel=\([^ ]*\).*/\1/p' "$res" | head -1)" \
	>>"$OUT/collection.txt"
if [ -n "$why" ]; then
	check_fail "collection boot: $NSAMP samples" "$why (console: build/logs/$CNAME.console.log)"
	finish 1
fi
check_pass "collection boot: $NSAMP samples (${BOOT_SECONDS}s)"

# ------------------------------------------------------------------ restarts
# restart_try I TRY: restart boot I; appends its row to the restart files,
# or sets WHY and fails.
restart_try() {
	local i=$1 t=$2 gcd
	WHY=
	if ! boot "$RNAME" lrng "$CPIO" vm kunit.enable=0 \
		lrng_testing.boot_raw_hires_test=1 SP80090B_MODE=restart "${XCMD[@]}"; then
		WHY="$BOOT_REASON; guest: $(guest_status "$RNAME")"
		return 1
	fi
	gcd=$(sed -n 's/^SP80090B restart rc=0 gcd=\([0-9]*\):.*/\1/p' \
		"$LOGS/$RNAME.result.log" | head -n1)
	WHY=$(python3 "$REPORT" extract "$LOGS/$RNAME.sample.raw" 1000 \
		"$OUT/row.8bit" "$OUT/row.32bit" "${gcd:-?}" 2>&1) || return 1
	cat "$OUT/row.8bit" >>"$OUT/restart.8bit"
	cat "$OUT/row.32bit" >>"$OUT/restart.32bit"
	echo "$i gcd=${gcd:-?} tries=$t" >>"$OUT/restarts.txt"
}

msg "restart boots: $NREST, the first 1000 samples of each (lrng_testing.boot_raw_hires_test=1; logs: build/logs/$RNAME.*)"
: >"$OUT/restart.8bit"
: >"$OUT/restart.32bit"
: >"$OUT/restarts.txt"
retried=""
t1=$SECONDS
for ((i = 1; i <= NREST; i++)); do
	progress "restart boots: $((i - 1)) of $NREST done"
	for t in 1 2; do
		restart_try "$i" "$t" && break
		for x in console result; do
			cp "$LOGS/$RNAME.$x.log" "$OUT/logs/restart-$i.try$t.$x.log" 2>/dev/null || true
		done
		progress_end
		info "restart boot $i, try $t: $WHY"
		if [ "$t" = 2 ]; then
			check_fail "restart boots: $NREST" "boot $i failed twice: $WHY (console: ${OUT#"$ROOT"/}/logs/restart-$i.try$t.console.log)"
			finish 1
		fi
		retried="$retried $i"
	done
done
progress "restart boots: $NREST of $NREST done"
progress_end
rm -f "$OUT/row.8bit" "$OUT/row.32bit"
check_pass "restart boots: $NREST ($((SECONDS - t1))s${retried:+; booted again after a failure:$retried})"

rc=0
assess || rc=1
finish $rc
