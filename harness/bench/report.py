#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make bench report: result logs of the bench boots -> table, CSV, chart.

  report.py DIR [--check] [--meta TEXT]
  report.py --selftest
  report.py --functions   the functions lrng_bench.ko times, one a line

DIR/logs/MODE-FLAVOR-REP.result.log and .console.log are the boots'
result channel and console (copied there by harness/bench.sh), DIR/memory.txt
the memory figures. Writes DIR/results.csv, DIR/table.txt, DIR/chart.dat and
DIR/chart.gp (gnuplot). With --check, exits 1 unless every figure has a
value for both kernels, or for the LRNG kernel where only it has one
(LRNG_ONLY; the smoke pass of make test).
"""
import glob
import os
import re
import statistics
import sys

FLAVORS = ("lrng", "stock")
SIZES = (16, 32, 64, 512, 4096, 65536, 1048576)


def size_name(s):
    if s >= 1048576:
        return "%d MiB" % (s // 1048576)
    if s >= 1024:
        return "%d KiB" % (s // 1024)
    return "%d B" % s


# (key, label, unit, better) in table order.
FIGURES = []
for thr in (1, 2):
    for s in SIZES:
        FIGURES.append(("gr-%d-%d-mbps" % (s, thr),
                        "getrandom %s x%d thread%s" % (size_name(s), thr, "s" if thr > 1 else ""),
                        "MB/s", "higher"))
    for s in SIZES:
        if s <= 512:
            FIGURES.append(("gr-%d-%d-ns" % (s, thr),
                            "getrandom %s x%d thread%s" % (size_name(s), thr, "s" if thr > 1 else ""),
                            "ns/call", "lower"))
for kind in ("vdso", "libc", "syscall"):
    FIGURES.append(("vdso-short-%s" % kind,
                    "vdso_test_getrandom bench-single %s (N trials)" % kind,
                    "ns/call", "lower"))
FULL_VDSO = [("vdso-full-%s" % k,
              "vdso_test_getrandom bench-single %s (25M, unmodified)" % k,
              "s total", "lower") for k in ("vdso", "libc", "syscall")]
FIGURES += [
    ("ctxsw-ns", "context switch (pipe ping-pong, one CPU)", "ns/switch", "lower"),
    ("seed-poll", "seeded, nonblocking poll every 10 ms", "s from boot", "lower"),
    ("seed-poll-klog", "  'crng init done' in that boot's kernel log", "s from boot", "lower"),
    ("seed-block", "seeded, one blocking getrandom reader", "s from boot", "lower"),
    ("seed-block-klog", "  'crng init done' in that boot's kernel log", "s from boot", "lower"),
    ("seed-sched", "seeded from context switches alone (ping-pong)", "s from boot", "lower"),
    ("seed-sched-ctxt", "  context switches since boot until then", "switches", "lower"),
    ("seed-sched-klog", "  'crng init done' in that boot's kernel log", "s from boot", "lower"),
    ("mem-text", "static memory: text", "bytes", "lower"),
    ("mem-data", "static memory: data (incl. per-CPU)", "bytes", "lower"),
    ("mem-bss", "static memory: bss", "bytes", "lower"),
    ("mem-percpu", "per-CPU memory (.data..percpu, per CPU)", "bytes", "lower"),
]
# The kernel module harness/bench/kmod/lrng_bench.c (perf boots): one line
# "BENCH kapi fn=NAME size=BYTES ... nscall=X cycles=Y" per function.
KAPI = [
    ("get_random_bytes", 32, "in-kernel get_random_bytes 32 B"),
    ("get_random_bytes", 4096, "in-kernel get_random_bytes 4 KiB"),
    ("get_random_u32", 4, "in-kernel get_random_u32"),
    ("get_random_u64", 8, "in-kernel get_random_u64"),
    ("add_interrupt_randomness", 0, "add_interrupt_randomness, IRQs off"),
    ("chacha20_block", 4096, "in-kernel chacha20_block() x 64 (4 KiB)"),
]
for fn, size, label in KAPI:
    for unit, what in (("ns", "ns/call"), ("cycles", "cycles/call")):
        FIGURES.append(("kapi-%s-%d-%s" % (fn, size, unit), label, what, "lower"))
# The same figure as throughput: the bound of getrandom(2) for large reads
# in both kernels, whose DRNGs expand their output with this function.
FIGURES.append(("kapi-chacha20_block-4096-mbps",
                "  as throughput: bound of large getrandom reads", "MB/s",
                "higher"))

# Figures of the LRNG kernel alone: the seedsched boots credit only the
# scheduler entropy source, which random.c does not have.
LRNG_ONLY = {"seed-sched", "seed-sched-ctxt", "seed-sched-klog"}
SEED_KEYS = {"poll": "seed-poll", "block": "seed-block", "sched": "seed-sched"}

TRIALS = set()
# Host-speed control lines of the perf boots: SPEEDS[(flavor, rep)] =
# TSC cycles per round of getrandom_bench's user-space loop.
SPEEDS = {}
KV = re.compile(r"(\w+)=(\S+)")


def parse_logs(d):
    """values[(key, flavor)] = list of (value, censored)"""
    vals = {}

    def add(key, flavor, v, cens=False):
        vals.setdefault((key, flavor), []).append((float(v), cens))

    for path in sorted(glob.glob(os.path.join(d, "logs", "*.result.log"))):
        m = re.match(r"(perf|seedpoll|seedblock|seedsched)-(lrng|stock)-(\d+)\.result\.log$",
                     os.path.basename(path))
        if not m:
            continue
        mode, flavor, rep = m.group(1), m.group(2), int(m.group(3))
        with open(path, errors="replace") as f:
            lines = f.read().splitlines()
        for line in lines:
            if not line.startswith("BENCH "):
                continue
            parts = line.split()
            kv = dict(KV.findall(line))
            if parts[1] == "getrandom":
                s, t = int(kv["size"]), int(kv["threads"])
                add("gr-%d-%d-mbps" % (s, t), flavor, kv["mbps"])
                if s <= 512:
                    add("gr-%d-%d-ns" % (s, t), flavor, kv["nscall"])
            elif parts[1] == "vdso":
                if kv["prog"] == "short":
                    add("vdso-short-%s" % kv["kind"], flavor, kv["nscall"])
                    TRIALS.add(kv["trials"])
                else:
                    add("vdso-full-%s" % kv["kind"], flavor, kv["secs"])
            elif parts[1] == "ctxsw":
                add("ctxsw-ns", flavor, kv["nsswitch"])
            elif parts[1] == "control":
                SPEEDS.setdefault((flavor, rep), []).append(float(kv["cycles"]))
            elif parts[1] == "kapi":
                key = "kapi-%s-%s" % (kv["fn"], kv["size"])
                add(key + "-ns", flavor, kv["nscall"])
                add(key + "-cycles", flavor, kv["cycles"])
                if kv["fn"] == "chacha20_block" and float(kv["nscall"]) > 0:
                    add(key + "-mbps", flavor,
                        int(kv["size"]) * 1000.0 / float(kv["nscall"]))
            elif parts[1] == "seed":
                key = SEED_KEYS[kv["mode"]]
                add(key, flavor, kv["secs"], kv["ready"] != "1")
                if "ctxt" in kv:
                    add(key + "-ctxt", flavor, kv["ctxt"], kv["ready"] != "1")
                bound = float(kv["secs"]) if kv["ready"] != "1" else None
                con = path.replace(".result.log", ".console.log")
                t = None
                if os.path.exists(con):
                    with open(con, errors="replace") as f:
                        for cl in f:
                            cm = re.search(r"\[\s*([0-9.]+)\] random: crng init done", cl)
                            if cm:
                                t = cm.group(1)
                                break
                if t is not None:
                    add(key + "-klog", flavor, t)
                elif bound is not None:
                    add(key + "-klog", flavor, bound, True)
    mem = os.path.join(d, "memory.txt")
    if os.path.exists(mem):
        with open(mem) as f:
            for line in f:
                p = line.split()
                if len(p) == 3 and p[0] in FLAVORS:
                    add("mem-" + p[1], p[0], p[2])
    return vals


def summary(samples):
    """(median, min, max, censored-median) with censored values as bounds."""
    if not samples:
        return None
    v = sorted(samples, key=lambda x: x[0])
    xs = [x[0] for x in v]
    med = statistics.median(xs)
    # The median is censored when it is at or above the lowest censored value.
    cens = [x[0] for x in v if x[1]]
    mcens = bool(cens) and med >= min(cens)
    return med, xs[0], xs[-1], mcens


def fmt(x):
    if x is None:
        return "-"
    if x == int(x) and abs(x) >= 100:
        return "%d" % x
    a = abs(x)
    if a >= 1000:
        return "%.0f" % x
    if a >= 100:
        return "%.1f" % x
    if a >= 10:
        return "%.2f" % x
    return "%.3g" % x


def cell(s):
    if s is None:
        return "-", "-"
    med, lo, hi, c = s
    m = (">" if c else "") + fmt(med)
    spread = fmt(lo) + ".." + fmt(hi) if lo != hi else ""
    return m, spread


# The control figure: the same code (lib/crypto's chacha20_block()) timed
# by lrng_bench.ko in both kernels. Its ratio is 1 on an undisturbed host;
# a ratio or a spread outside these limits means the host slowed some
# boots, and the other ratios of the run are not to be trusted.
CONTROL = "kapi-chacha20_block-4096-cycles"
CONTROL_RATIO = (0.95, 1.05)
CONTROL_SPREAD = 1.10


def control_line(vals):
    """One line on the control figure: undisturbed or DISTURBED."""
    sums = {fl: summary(vals.get((CONTROL, fl), [])) for fl in FLAVORS}
    if not all(sums.values()) or not all(x[1] > 0 for x in sums.values()):
        return "Control: no chacha20_block() figure for both kernels."
    ratio = sums["lrng"][0] / sums["stock"][0]
    spread = {fl: x[2] / x[1] for fl, x in sums.items()}
    ok = (CONTROL_RATIO[0] <= ratio <= CONTROL_RATIO[1] and
          max(spread.values()) <= CONTROL_SPREAD)
    limits = "(limits %.2f..%.2f and %.2f)" % (CONTROL_RATIO + (CONTROL_SPREAD,))
    verdict = ("undisturbed " + limits if ok else "DISTURBED " + limits +
               ": the host slowed some boots; rerun before using the ratios")
    return ("Control: chacha20_block(), the same code in both kernels: "
            "LRNG/stock %.3f, max/min LRNG %.3f, stock %.3f: %s" %
            (ratio, spread["lrng"], spread["stock"], verdict))


# harness/bench.sh boots a perf boot again when its host speed (its fastest
# control line) is over this many times the run's fastest boot.
SPEED_LIMIT = 1.10


def speed_line(d):
    """One line on the host-speed control of the kept perf boots."""
    meds = {k: min(v) for k, v in SPEEDS.items() if v}
    if not meds:
        return "Host speed: no control lines in the perf boots."
    lo, hi = min(meds.values()), max(meds.values())
    reruns = []
    path = os.path.join(d, "reruns.txt")
    if os.path.exists(path):
        with open(path) as f:
            reruns = [line.split() for line in f if line.strip()]
    text = ("Host speed: the same user-space loop in every perf boot, fastest "
            "%s..%s TSC cycles/round in %d boots (max/min %.3f, limit %.2f)" %
            (fmt(lo), fmt(hi), len(meds), hi / lo, SPEED_LIMIT))
    if reruns:
        text += "; booted again after the host slowed them: " + ", ".join(
            "%s (%s)" % (r[0], r[1]) for r in reruns)
    verdict = "even" if hi / lo <= SPEED_LIMIT else "UNEVEN: rerun before using the ratios"
    return text + ": " + verdict


def bulk_line(d):
    """Which ChaCha20 code the LRNG's perf boots chose for bulk output."""
    seen = {}
    for path in sorted(glob.glob(os.path.join(d, "logs", "perf-lrng-*.console.log"))):
        if not re.match(r"perf-lrng-\d+\.console\.log$", os.path.basename(path)):
            continue  # a boot the host slowed, booted again
        with open(path, errors="replace") as f:
            m = re.search(r"random: ChaCha20 bulk output: ([^(\n]+?) \(", f.read())
        choice = m.group(1) if m else "no log line"
        seen[choice] = seen.get(choice, 0) + 1
    if not seen:
        return "LRNG ChaCha20 bulk output: no perf boot logs."
    return "LRNG ChaCha20 bulk output, chosen at boot: " + ", ".join(
        "%s in %d of %d perf boots" % (c, n, sum(seen.values()))
        for c, n in sorted(seen.items()))


PAGE = 4096


def page_splits(d):
    """{fn: [flavor, ...]} for the timed functions that cross a 4 KiB page."""
    split = {}
    path = os.path.join(d, "layout.txt")
    if not os.path.exists(path):
        return split
    with open(path) as f:
        for line in f:
            p = line.split()
            if len(p) != 4 or p[0] not in FLAVORS:
                continue
            start, size = int(p[2], 16), int(p[3], 16)
            if size and start // PAGE != (start + size - 1) // PAGE:
                split.setdefault(p[1], []).append(p[0])
    return split


def layout_line(split):
    """One line on the functions that cross a page, or None."""
    if not split:
        return None
    return ("Layout: * marks a figure whose function crosses a 4 KiB page (" +
            "; ".join("%s in %s" % (fn, " and ".join(fl)) for fn, fl in sorted(split.items())) +
            "). TCG does not chain translated code across guest pages, so under "
            "TCG such a figure measures where the linker put the function as well "
            "as its code; compare it only between builds that lay it out alike.")


def missing_figures(vals, figs):
    """The figures a kernel lacks: "KEY (FLAVOR)", the LRNG_ONLY ones for
    the LRNG kernel only."""
    return ["%s (%s)" % (key, fl) for key, _, _, _ in figs for fl in FLAVORS
            if not (fl != "lrng" and key in LRNG_ONLY) and
            not vals.get((key, fl))]


def selftest():
    """The page-crossing mark on a crafted layout.txt and the LRNG-only
    figures of crafted logs; exit status 0 when right."""
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        os.mkdir(os.path.join(d, "logs"))
        with open(os.path.join(d, "logs", "seedsched-lrng-1.result.log"), "w") as f:
            f.write("BENCH seed mode=sched ready=1 secs=12.500 ctxt=40000\n")
        with open(os.path.join(d, "logs", "perf-lrng-1.result.log"), "w") as f:
            f.write("BENCH ctxsw switches=2000 secs=0.0100 nsswitch=5000.0\n")
        vals = parse_logs(d)
        figs = [f for f in FIGURES if f[0].startswith(("seed-sched", "ctxsw"))]
        got = sorted(missing_figures(vals, figs))
        want = ["ctxsw-ns (stock)", "seed-sched-klog (lrng)"]
        if got != want or vals.get(("seed-sched-ctxt", "lrng")) != [(40000.0, False)]:
            print("missing_figures: got %r, want %r; seed-sched-ctxt %r" %
                  (got, want, vals.get(("seed-sched-ctxt", "lrng"))))
            return 1
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "layout.txt"), "w") as f:
            # crosses 0x...3000; ends on the last byte of a page; another
            # flavor's copy inside one page; a malformed line.
            f.write("lrng add_interrupt_randomness ffffffff81242fa0 00000000000000af\n"
                    "lrng get_random_u32 ffffffff81240f80 0000000000000080\n"
                    "stock add_interrupt_randomness ffffffff81241440 00000000000000b2\n"
                    "stock get_random_u64 ffffffff81241ffc\n")
        got = page_splits(d)
    want = {"add_interrupt_randomness": ["lrng"]}
    if got != want:
        print("page_splits: got %r, want %r" % (got, want))
        return 1
    return 0


def main():
    if sys.argv[1:] == ["--selftest"]:
        return selftest()
    if sys.argv[1:] == ["--functions"]:
        print("\n".join(sorted({fn for fn, _, _ in KAPI})))
        return 0
    d = sys.argv[1]
    check = "--check" in sys.argv
    meta = ""
    if "--meta" in sys.argv:
        meta = sys.argv[sys.argv.index("--meta") + 1]
    vals = parse_logs(d)
    split = page_splits(d)
    figs = list(FIGURES)
    if any(k.startswith("vdso-full") for k, _ in vals):
        i = [f[0] for f in figs].index("vdso-short-syscall") + 1
        figs[i:i] = FULL_VDSO
    rows, csv, dat = [], [], []
    missing = missing_figures(vals, figs)
    for key, label, unit, better in figs:
        if key.startswith("vdso-short") and len(TRIALS) == 1:
            label = label.replace("N trials", "%s trials" % next(iter(TRIALS)))
        sl = summary(vals.get((key, "lrng"), []))
        ss = summary(vals.get((key, "stock"), []))
        ratio = "-"
        if sl and ss and ss[0]:
            r = sl[0] / ss[0]
            if sl[3] and ss[3]:
                ratio = "?"
            elif ss[3]:
                ratio = "<" + fmt(r)
            elif sl[3]:
                ratio = ">" + fmt(r)
            else:
                ratio = fmt(r)
        fn = key.split("-")[1] if key.startswith("kapi-") else None
        mark = "*" if fn in split and ratio != "-" else ""
        lm, lsp = cell(sl)
        sm, ssp = cell(ss)
        n = max(len(vals.get((key, "lrng"), [])), len(vals.get((key, "stock"), [])))
        rows.append((label, unit, lm, lsp, sm, ssp, ratio + mark, better, str(n)))
        csv.append([key, label, unit, better, n] +
                   [("%g" % s[i]) if s else "" for s in (sl, ss) for i in range(3)] +
                   ["1" if sl and sl[3] else "0", "1" if ss and ss[3] else "0",
                    ratio, "+".join(split.get(fn, []))])
        if key.startswith("gr-") and key.endswith("mbps") and sl and ss:
            _, sz, th, _ = key.split("-")
            dat.append(("%s x%s" % (size_name(int(sz)).replace(" ", ""), th),
                        sl[0], sl[1], sl[2], ss[0], ss[1], ss[2]))
    hdr = ("figure", "unit", "LRNG", "(min..max)", "stock", "(min..max)", "LRNG/stock", "better", "n")
    w = [max(len(r[i]) for r in rows + [hdr]) for i in range(len(hdr))]
    out = []
    if meta:
        out.append(meta)
    line = "  ".join(h.ljust(w[i]) if i in (0, 1) else h.rjust(w[i]) for i, h in enumerate(hdr))
    out.append(line)
    out.append("-" * len(line))
    for r in rows:
        out.append("  ".join(c.ljust(w[i]) if i in (0, 1) else c.rjust(w[i]) for i, c in enumerate(r)))
    out.append("Values: median over n runs (min..max). better: which direction is better. "
               "'>' = not ready at the bound (censored).")
    out.append(speed_line(d))
    out.append(control_line(vals))
    if layout_line(split):
        out.append(layout_line(split))
    out.append(bulk_line(d))
    table = "\n".join(out)
    print(table)
    with open(os.path.join(d, "table.txt"), "w") as f:
        f.write(table + "\n")
    with open(os.path.join(d, "results.csv"), "w") as f:
        f.write("key,figure,unit,better,n,lrng_median,lrng_min,lrng_max,"
                "stock_median,stock_min,stock_max,lrng_censored,stock_censored,ratio,"
                "page_split\n")
        for c in csv:
            f.write(",".join('"%s"' % x if isinstance(x, str) and ("," in x or " " in x) else str(x)
                             for x in c) + "\n")
    with open(os.path.join(d, "chart.dat"), "w") as f:
        for r in dat:
            f.write('"%s" %g %g %g %g %g %g\n' % r)
    vd = []
    for k in ("vdso", "libc", "syscall"):
        sl = summary(vals.get(("vdso-short-" + k, "lrng"), []))
        ss = summary(vals.get(("vdso-short-" + k, "stock"), []))
        if sl and ss:
            vd.append((k, sl[0], sl[1], sl[2], ss[0], ss[1], ss[2]))
    with open(os.path.join(d, "chart-vdso.dat"), "w") as f:
        for r in vd:
            f.write('"%s" %g %g %g %g %g %g\n' % r)
    with open(os.path.join(d, "chart.gp"), "w") as f:
        f.write("""set terminal pngcairo size 1400,900 noenhanced font ",10"
set output '%s'
set multiplot layout 2,1 title "%s"
set style data histogram
set style histogram errorbars gap 1 lw 1
set style fill solid 0.7 border -1
set logscale y
set grid ytics
set key top left
set xtics rotate by -30
set title "getrandom(2) throughput, median and min..max (MB/s, log scale); size x threads"
plot '%s' using 2:3:4:xtic(1) title "LRNG", '' using 5:6:7 title "stock"
set title "vdso_test_getrandom bench-single, ns per call (log scale)"
set xtics norotate
plot '%s' using 2:3:4:xtic(1) title "LRNG", '' using 5:6:7 title "stock"
unset multiplot
""" % (os.path.join(d, "chart.png"), meta.replace('"', "'"),
       os.path.join(d, "chart.dat"), os.path.join(d, "chart-vdso.dat")))
    if missing:
        print("missing figures: " + ", ".join(missing))
        if check:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
