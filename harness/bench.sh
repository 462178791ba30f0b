#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench: the LRNG kernel against the stock random.c kernel, side by side.
# Method and how to read the table: harness/bench/README.
#
#   harness/bench.sh            full run (make bench), results in build/bench/
#   harness/bench.sh --smoke    one short pass, only checks that every figure
#                               is produced (make test), build/bench-smoke/
#
# Boots: perf, seedblock and seedpoll, each repeated, alternating the kernel
# order per repetition, and seedsched on the LRNG kernel alone;
# harness/bench/report.py prints the table and writes results.csv,
# table.txt and chart.png.
#
# Environment: BENCH_REPS (5), BENCH_SEED_REPS (min(BENCH_REPS, 3)),
# BENCH_SECS (0.5 s per throughput figure), BENCH_SEED_BOUND (120 s),
# BENCH_VDSO_TRIALS (1000000), BENCH_VDSO_FULL (0; 1 also runs the
# unmodified vdso_test_getrandom once per kernel), BENCH_KMOD_CALLS
# (100000 calls per repetition of each in-kernel figure, 4 KiB: / 32),
# BENCH_KMOD_REPS (5 repetitions in each boot, median), BENCH_RERUNS
# (BENCH_REPS: at most this many perf boots are booted again because the
# host slowed them), BENCH_NO_BUILD (1: use the kernels and guest programs
# as built, as make test does), and the harness's KSRC, KVM, TIMEOUT,
# CMDLINE, JOBS.
set -euo pipefail

TIMEOUT_SET=${TIMEOUT:+1}
. "$(dirname "$0")/lib.sh"
[ "$GUEST_ARCH" = x86_64 ] || die "make bench runs on x86_64 only (ARCH=$GUEST_ARCH)"

T0=$SECONDS
SMOKE=${BENCH_SMOKE:-0}
[ "${1:-}" = --smoke ] && SMOKE=1
if [ "$SMOKE" = 1 ]; then
	OUT=$B/bench-smoke
	REPS=1 SEED_REPS=1 SECS=0.02 BOUND=4 VTRIALS=10000 VFULL=0
	KCALLS=2000 KREPS=1 RERUNS=1
else
	OUT=$B/bench
	REPS=${BENCH_REPS:-5}
	SEED_REPS=${BENCH_SEED_REPS:-$((REPS < 3 ? REPS : 3))}
	SECS=${BENCH_SECS:-0.5}
	BOUND=${BENCH_SEED_BOUND:-120}
	VTRIALS=${BENCH_VDSO_TRIALS:-1000000}
	VFULL=${BENCH_VDSO_FULL:-0}
	KCALLS=${BENCH_KMOD_CALLS:-100000}
	KREPS=${BENCH_KMOD_REPS:-5}
	RERUNS=${BENCH_RERUNS:-$REPS}
fi
[[ $REPS =~ ^[1-9][0-9]*$ ]] || die "BENCH_REPS=$REPS: a positive integer"
[[ $SEED_REPS =~ ^[0-9]+$ ]] || die "BENCH_SEED_REPS=$SEED_REPS: an integer"
[[ $VTRIALS =~ ^[1-9][0-9]*$ ]] || die "BENCH_VDSO_TRIALS=$VTRIALS: a positive integer"
[[ $KCALLS =~ ^[1-9][0-9]*$ ]] || die "BENCH_KMOD_CALLS=$KCALLS: a positive integer"
[[ $KREPS =~ ^[1-9][0-9]*$ ]] && [ "$KREPS" -le 64 ] || die "BENCH_KMOD_REPS=$KREPS: 1 to 64"
[[ $RERUNS =~ ^[0-9]+$ ]] || die "BENCH_RERUNS=$RERUNS: an integer"
# A boot must outlive its seeding bound; the unmodified vDSO test takes
# minutes under TCG.
if [ -z "${TIMEOUT_SET:-}" ]; then
	min=$((${BOUND%.*} + 120))
	[ "$VFULL" = 1 ] && min=1500
	[ "$TIMEOUT" -ge $min ] || TIMEOUT=$min
fi

# ------------------------------------------------------------------ build
if [ "${BENCH_NO_BUILD:-0}" = 1 ]; then
	for f in lrng stock; do
		[ -f "$(objdir $f)/arch/x86/boot/bzImage" ] ||
			die "BENCH_NO_BUILD=1 but no $f kernel (build/obj-$f)"
	done
	[ -x "$USERDIR/vdso/vdso_test_getrandom" ] || die "BENCH_NO_BUILD=1 but no guest programs"
else
	# gnuplot for the chart, with the harness's other packages.
	PACKAGES="$PACKAGES gnuplot-nox"
	deps
	prepare_tree
	for f in lrng stock; do
		build_kernel "$f" || die "the $f kernel did not build (build/logs/build-$f.log)"
	done
	build_user lrng || die "guest programs did not build (build/logs/user.log)"
fi

msg "building the bench programs (static) into ${OUT#"$ROOT"/}/payload"
rm -rf "$OUT"
mkdir -p "$OUT/payload" "$OUT/logs"
P=$OUT/payload
SRC=$ROOT/harness/bench
cp "$SRC/run" "$P/run"
# Both include the LRNG selftests' ping-pong (lrng_pingpong.h).
PINGPONG=$ROOT/tools/testing/selftests/lrng
gcc -static -O2 -Wall -pthread -I"$PINGPONG" -o "$P/getrandom_bench" \
	"$SRC/getrandom_bench.c" || die "getrandom_bench did not build"
gcc -static -O2 -Wall -pthread -I"$PINGPONG" -o "$P/seedwait" "$SRC/seedwait.c" ||
	die "seedwait did not build"
# vdso_test_getrandom has its trial count as a constant (enum TRIALS =
# 25000000, no option): a copy of the tree's source with a smaller count,
# built like its selftest Makefile does. The kselftest itself is unchanged.
V=$TREE/tools/testing/selftests/vDSO
khdr=$(objdir lrng)/usr/include
[ -d "$khdr" ] || khdr=$(objdir stock)/usr/include
sed "s/TRIALS = 25000000,/TRIALS = $VTRIALS,/" "$V/vdso_test_getrandom.c" \
	>"$OUT/vdso_test_getrandom_short.c"
grep -q "TRIALS = $VTRIALS," "$OUT/vdso_test_getrandom_short.c" ||
	die "$V/vdso_test_getrandom.c has no 'TRIALS = 25000000,' any more: update harness/bench.sh"
gcc -static -std=gnu99 -O2 -D_GNU_SOURCE= -I"$V" -isystem "$TREE/tools/include" -isystem "$khdr" \
	-isystem "$TREE/include/uapi" -o "$P/vdso_test_getrandom_short" \
	"$OUT/vdso_test_getrandom_short.c" "$V/parse_vdso.c" >"$OUT/vdso-build.log" 2>&1 ||
	{ cat "$OUT/vdso-build.log"; die "vdso_test_getrandom_short did not build"; }
# The in-kernel API module, once per kernel: out of tree against that
# kernel's O= dir (CONFIG_MODULES from harness/modules.config), from a copy
# of harness/bench/kmod so that the repo stays clean. Not under the kernel
# build lock: two objects, a few seconds.
for f in lrng stock; do
	obj=$(objdir "$f")
	grep -qx 'CONFIG_MODULES=y' "$obj/.config" ||
		die "build/obj-$f has no CONFIG_MODULES (harness/modules.config not merged? rebuild the kernel)"
	[ -f "$obj/Module.symvers" ] || die "build/obj-$f has no Module.symvers (kernel built without 'make modules'?)"
	km=$OUT/kmod-$f
	mkdir -p "$km"
	cp "$SRC/kmod/lrng_bench.c" "$SRC/kmod/Makefile" "$km/"
	t=$SECONDS
	make -C "$obj" M="$km" ARCH=x86_64 CC="ccache gcc" HOSTCC="ccache gcc" \
		-j"$JOBS" modules >"$OUT/kmod-$f.log" 2>&1 ||
		{ tail -20 "$OUT/kmod-$f.log"; die "lrng_bench.ko did not build against build/obj-$f (log: ${OUT#"$ROOT"/}/kmod-$f.log)"; }
	! grep -q 'warning:' "$OUT/kmod-$f.log" ||
		{ grep 'warning:' "$OUT/kmod-$f.log"; die "lrng_bench.ko: compiler warnings (build/obj-$f)"; }
	cp "$km/lrng_bench.ko" "$P/lrng_bench-$f.ko"
	info "lrng_bench.ko for the $f kernel: $((SECONDS - t)) s"
done
CPIO=$OUT/bench.cpio
make_initramfs "$CPIO" "$P"

# ------------------------------------------------------------------ boots
BOOT_FAILS=0
# run_boot MODE FLAVOR REP CMDLINE-WORDS...
run_boot() {
	local mode=$1 flavor=$2 rep=$3 name rc=0
	shift 3
	name=bench-$mode-$flavor-$rep
	boot "$name" "$flavor" "$CPIO" vm kunit.enable=0 BENCH_MODE=$mode "$@" \
		${CMDLINE:-} || rc=1
	cp "$LOGS/$name.result.log" "$OUT/logs/$mode-$flavor-$rep.result.log"
	tr -d '\r' <"$LOGS/$name.console.log" >"$OUT/logs/$mode-$flavor-$rep.console.log"
	if [ $rc -eq 0 ]; then
		info "$mode $flavor #$rep: ${BOOT_SECONDS}s"
	else
		BOOT_FAILS=$((BOOT_FAILS + 1))
		info "$mode $flavor #$rep: FAILED: $BOOT_REASON (console: build/logs/$name.console.log)"
	fi
}

# Alternate which kernel goes first, so slow drift of the host does not
# always favour the same one.
order() { if [ $(($1 % 2)) = 1 ]; then echo lrng stock; else echo stock lrng; fi; }

# Host speed of a perf boot: the fastest of its control lines, TSC cycles
# per round of the same user-space loop (harness/bench/getrandom_bench.c);
# empty when the boot wrote none. The fastest, not the median: a boot the
# host slowed throughout is slow in every line, while the kernel's own
# background work (an LRNG reseed after 2^20 requests, for one) slows only
# some lines, and must not make a boot look disturbed.
boot_speed() {
	sed -n 's/^BENCH control .*cycles=\([0-9.]*\).*/\1/p' "$1" | sort -g | head -1
}

declare -A SPEED
perf_boot() {
	local f=$1 r=$2 full=0
	[ "$VFULL" = 1 ] && [ "$r" = 1 ] && full=1
	run_boot perf "$f" "$r" BENCH_SECS="$SECS" BENCH_VDSO_FULL=$full \
		BENCH_KMOD="lrng_bench-$f.ko" BENCH_KMOD_CALLS="$KCALLS" \
		BENCH_KMOD_REPS="$KREPS"
	SPEED[$f-$r]=$(boot_speed "$OUT/logs/perf-$f-$r.result.log")
}

msg "perf boots: $REPS x 2 (getrandom ${SECS}s per figure, vDSO test with $VTRIALS trials, lrng_bench.ko $KREPS x $KCALLS calls)"
for r in $(seq 1 "$REPS"); do
	for f in $(order "$r"); do
		perf_boot "$f" "$r"
	done
done
# A boot the host slowed as a whole (its fastest control over SPEED_LIMIT
# times the run's fastest boot) is booted again, the slowest first, at most
# RERUNS times in all; its logs are kept as perf-FLAVOR-REP.slowN.*.
# build/bench/reruns.txt lists them for report.py.
SPEED_LIMIT=1.10
: >"$OUT/reruns.txt"
n=0
while :; do
	best=$(printf '%s\n' "${SPEED[@]}" | grep . | sort -g | head -1)
	[ -n "$best" ] || break
	slow=$(for k in "${!SPEED[@]}"; do
		[ -n "${SPEED[$k]}" ] && echo "${SPEED[$k]} $k"
	done | awk -v b="$best" -v l="$SPEED_LIMIT" '$1 > b * l' | sort -gr | head -1)
	[ -n "$slow" ] || break
	read -r s k <<<"$slow"
	if [ "$n" -ge "$RERUNS" ]; then
		info "perf boots: still slowed by the host after $n rerun(s) (slowest perf-$k: $s cycles/round, fastest $best)"
		break
	fi
	n=$((n + 1))
	f=${k%-*} r=${k##*-}
	for x in result console; do
		mv "$OUT/logs/perf-$k.$x.log" "$OUT/logs/perf-$k.slow$n.$x.log"
	done
	echo "perf-$k $s $best" >>"$OUT/reruns.txt"
	info "perf $f #$r: host-speed control $s cycles/round, over $SPEED_LIMIT x the run's fastest boot ($best): booting it again"
	perf_boot "$f" "$r"
done
msg "seeding boots, one blocking reader: $REPS x 2 (random.trust_cpu=off)"
for r in $(seq 1 "$REPS"); do
	for f in $(order "$r"); do
		run_boot seedblock "$f" "$r" random.trust_cpu=off BENCH_SEED_BOUND="$BOUND"
	done
done
msg "seeding boots, nonblocking poll: $SEED_REPS x 2 (random.trust_cpu=off, bound ${BOUND}s)"
for r in $(seq 1 "$SEED_REPS"); do
	for f in $(order "$r"); do
		run_boot seedpoll "$f" "$r" random.trust_cpu=off BENCH_SEED_BOUND="$BOUND"
	done
done
# The LRNG's scheduler source as the only credited source, as the boot
# seed-sched of make test has it; random.c has no such source.
msg "seeding boots, context switches alone: $SEED_REPS x LRNG (bound ${BOUND}s)"
for r in $(seq 1 "$SEED_REPS"); do
	run_boot seedsched lrng "$r" random.trust_cpu=off random.trust_bootloader=off \
		lrng_es_jent.jitterrng=0 lrng_es_irq.irq_entropy=4294967295 \
		BENCH_SEED_BOUND="$BOUND"
done

# ------------------------------------------------------------------ memory
# drivers/char/lrng/built-in.a (a thin archive; its KUnit test objects and
# lrng_testing*.o, the opt-in debugfs test interfaces with their 32 KiB of
# sample buffers, left out) against drivers/char/random.o. Berkeley size: data includes the
# per-CPU section, which is reported on its own too (bytes per CPU).
mem_of() {
	local flavor=$1 objs text=0 data=0 bss=0 pcpu=0 o t d b h
	shift
	objs=$*
	for o in $objs; do
		read -r t d b _ < <(size "$o" | tail -1)
		text=$((text + t)) data=$((data + d)) bss=$((bss + b))
		for h in $(objdump -h "$o" | awk '$2 == ".data..percpu" { print $3 }'); do
			pcpu=$((pcpu + 16#$h))
		done
	done
	printf '%s text %d\n%s data %d\n%s bss %d\n%s percpu %d\n' \
		"$flavor" $text "$flavor" $data "$flavor" $bss "$flavor" $pcpu
}
{
	a=$(objdir lrng)/drivers/char/lrng/built-in.a
	if [ -f "$a" ]; then
		# Thin archive: members are paths relative to the working
		# directory given the archive's path (absolute here).
		objs=$(ar t "$a" | grep -v -e '/tests/' -e '/lrng_testing[a-z_]*\.o$')
		[ -n "$objs" ] && mem_of lrng $objs
	fi
	o=$(objdir stock)/drivers/char/random.o
	[ -f "$o" ] && mem_of stock "$o"
} >"$OUT/memory.txt" 2>"$OUT/memory.err" || true

# ------------------------------------------------------------------ layout
# Where each function lrng_bench.ko times (report.py's list) sits in each
# kernel: "FLAVOR FN ADDRESS SIZE" (hex, from nm). report.py marks a
# figure whose function crosses a 4 KiB page: TCG does not chain translated code across guest
# pages, so such a figure depends on where the linker put the function.
fns=$(python3 "$SRC/report.py" --functions | paste -sd '|')
for f in lrng stock; do
	nm -S --defined-only "$(objdir "$f")/vmlinux" 2>/dev/null |
		awk -v f="$f" -v re="^($fns)\$" 'NF == 4 && $4 ~ re { print f, $4, $1, $2 }'
done >"$OUT/layout.txt" || true

# ------------------------------------------------------------------ report
qv=$(qemu-system-x86_64 --version | head -1 | sed 's/QEMU emulator version //')
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
accel="TCG -cpu max"
[ "${KVM:-0}" = 1 ] && accel="KVM -cpu host"
kver=$(sed -n 's/.*kernel=\([^ ]*\).*/\1/p' "$OUT"/logs/perf-lrng-1.result.log 2>/dev/null | head -1)
meta="make bench $(date -u +%Y-%m-%d), Linux ${kver:-6.12}, QEMU $qv $accel -smp 2 -m 512 on $(nproc) host cores ($cpu); reps: perf $REPS, seedblock $REPS, seedpoll and seedsched $SEED_REPS (bound ${BOUND}s); lrng_bench.ko $KREPS x $KCALLS calls per boot"
[ "$SMOKE" = 1 ] && meta="SMOKE (tiny durations, numbers meaningless): $meta"
echo
rc=0
python3 "$SRC/report.py" "$OUT" --check --meta "$meta" || rc=1
if command -v gnuplot >/dev/null; then
	if gnuplot "$OUT/chart.gp" >"$OUT/gnuplot.log" 2>&1; then
		info "chart: ${OUT#"$ROOT"/}/chart.png"
	else
		info "gnuplot failed (log: ${OUT#"$ROOT"/}/gnuplot.log)"
		[ "$SMOKE" = 1 ] || rc=1
	fi
else
	info "gnuplot not installed: no chart"
fi
info "files: ${OUT#"$ROOT"/}/results.csv, table.txt; boot logs: ${OUT#"$ROOT"/}/logs/"
[ $BOOT_FAILS -eq 0 ] || { info "$BOOT_FAILS boot(s) failed"; rc=1; }
info "bench took $((SECONDS - T0)) s"
exit $rc
