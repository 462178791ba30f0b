#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make sp80090b's files: taken from the boots, checked, assessed.

  report.py extract RAW N OUT8 OUT32 GCD
        RAW (a boot's third serial port) must hold the byte values 0..255,
        then N bytes, the low bytes of the N 32-bit words that follow;
        writes the words to OUT32 and their samples for the boot's time
        stamp GCD to OUT8
  report.py check DIR
        the checks of DIR's files, one line each: "PASS<TAB>what" or
        "FAIL<TAB>what<TAB>reason"; exit status 1 when one failed
  report.py h-initial FILE
        prints the initial entropy estimate H_I of ea_non_iid's output FILE
  report.py report DIR [--skipped WHY | --non-iid RC [--restart RC |
                        --restart-skipped WHY]]
        writes DIR/report.txt (and prints it) from DIR's files and, with
        their exit status, ea_non_iid.txt and ea_restart.txt; exit status 1
        when an assessment falls short, was skipped for WHY or a tool's
        output is not understood
  report.py selftest
        the above on crafted files and tool outputs: a test of this
        script, not of the kernel

DIR (build/sp80090b/) holds:
  collection.txt    "key: value" lines of sp80090b.sh: samples, restarts,
                    kernel, machine, load, date
  samples.8bit      one byte per sample: the low byte of its time stamp
                    divided by the boot's time stamp GCD
  samples.32bit     the time stamps, 32-bit little-endian (the x86 guest's
                    byte order, as getrawentropy -w writes them)
  restart.8bit      row i: the first 1000 samples of restart boot i
  restart.32bit     the same as time stamps
  restarts.txt      one line per restart boot: "I gcd=G tries=T"
  lrng_type.txt     /proc/lrng_type of the collection boot, after it

A sample is what the interrupt source's pool receives for an interrupt:
the low byte of its time stamp divided by the time stamp GCD of its boot
(/proc/lrng_type; restarts.txt for each restart boot). getrawentropy's
8-bit file holds the undivided low byte: extract checks it against the
time stamps and writes the divided one. SP800-90B's
health test cut-offs (section 4.4, alpha = 2^-20): repetition count test
1 + ceil(20 / H), adaptive proportion test 1 + CRITBINOM(512, 2^-H,
1 - alpha) for a window of 512 non-binary samples, H the entropy per
sample.
"""

import math
import os
import re
import shutil
import sys
import tempfile
from fractions import Fraction

PATTERN = bytes(range(256))
ROW = 1000                      # samples per restart (SP800-90B 3.1.4)
ALPHA_LOG2 = 20                 # alpha = 2^-20
APT_WINDOW = 512
STRENGTH = 256                  # the LRNG's "Interrupts for 256 bits"
NUM = r"([-+]?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)"


class Bad(Exception):
    pass


def read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise Bad("%s: %s" % (os.path.basename(path), e.strerror))


def extract(raw, n, out8, out32, gcd):
    """The guest's serial data RAW (pattern, N bytes, N words) into OUT8,
    the samples with the time stamp GCD GCD applied, and OUT32."""
    if not re.match(r"[1-9][0-9]*$", gcd):
        raise Bad("no time stamp GCD of the boot (%r)" % gcd)
    data = read(raw)
    want = len(PATTERN) + 5 * n
    if len(data) != want:
        raise Bad("%d bytes on the serial port, %d expected (0..255, %d "
                  "samples, %d words)" % (len(data), want, n, n))
    if data[:len(PATTERN)] != PATTERN:
        first = next(i for i in range(256) if data[i] != i)
        raise Bad("the serial line changed the 0..255 pattern (byte %d "
                  "arrived as 0x%02x)" % (first, data[first]))
    body = data[len(PATTERN):]
    words = body[n:]
    if words[0::4] != body[:n]:
        raise Bad("getrawentropy's 8-bit file is not the low byte of its "
                  "time stamps")
    with open(out8, "wb") as f:
        f.write(samples(words, int(gcd)))
    with open(out32, "wb") as f:
        f.write(words)


def samples(words, gcd):
    """The pool's sample of each 32-bit little-endian time stamp: the low
    byte of the stamp divided by the GCD."""
    return bytes((int.from_bytes(words[i:i + 4], "little") // gcd) & 0xff
                 for i in range(0, len(words), 4))


# ---------------------------------------------------------------- files
def keyvals(path):
    """ "key: value" lines of a text file, keys as they are."""
    out = {}
    for line in read(path).decode(errors="replace").splitlines():
        key, sep, val = line.partition(":")
        if sep:
            out.setdefault(key.strip(), val.strip())
    return out


def lrng_type(path):
    """What /proc/lrng_type says about the interrupt source."""
    kv = keyvals(path)
    t = {}
    try:
        t["rate"] = int(kv["Interrupts for %d bits" % STRENGTH])
        t["gcd"] = int(kv["Time stamp GCD"])
    except (KeyError, ValueError):
        raise Bad("lrng_type.txt has no \"Interrupts for %d bits\" and "
                  "\"Time stamp GCD\" lines of the IRQ source" % STRENGTH)
    if t["rate"] < 1:
        raise Bad("Interrupts for %d bits: %d" % (STRENGTH, t["rate"]))
    m = re.match(r"(\d+)$", kv.get("Health test RCT cut-off", ""))
    t["rct"] = int(m.group(1)) if m else None
    m = re.match(r"(\d+) of (\d+)$", kv.get("Health test APT cut-off", ""))
    t["apt"] = (int(m.group(1)), int(m.group(2))) if m else None
    for k in ("RCT", "APT"):
        v = kv.get("Health test %s failures" % k)
        t[k.lower() + "_failures"] = v
    t["high_res"] = kv.get("High-resolution timer")
    return t


def collection(d):
    kv = keyvals(os.path.join(d, "collection.txt"))
    try:
        return kv, int(kv["samples"]), int(kv["restarts"])
    except (KeyError, ValueError):
        raise Bad("collection.txt has no samples and restarts lines")


def restart_gcds(d, restarts):
    gcds = {}
    text = read(os.path.join(d, "restarts.txt")).decode(errors="replace")
    for line in text.splitlines():
        m = re.match(r"(\d+) gcd=(\S*) tries=\d+$", line)
        if not m:
            raise Bad("restarts.txt: bad line %r" % line[:60])
        gcds[int(m.group(1))] = m.group(2)
    if sorted(gcds) != list(range(1, restarts + 1)):
        raise Bad("restarts.txt lists %d boots, %d expected"
                  % (len(gcds), restarts))
    return gcds


def checks(d):
    """Yields (ok, what, reason) for each check of the files in D."""
    try:
        _, n, r = collection(d)
    except Bad as e:
        yield False, "files", str(e)
        return
    f = {}
    sizes = (("samples.8bit", n), ("samples.32bit", 4 * n),
             ("restart.8bit", r * ROW), ("restart.32bit", r * ROW * 4))
    what = "files: exact sizes (%d samples, %d restarts of %d)" % (n, r, ROW)
    problems = []
    for name, want in sizes:
        try:
            f[name] = read(os.path.join(d, name))
        except Bad as e:
            problems.append(str(e))
            continue
        if len(f[name]) != want:
            problems.append("%s has %d bytes, %d expected"
                            % (name, len(f[name]), want))
    if problems:
        yield False, what, "; ".join(problems)
        return
    yield True, what, ""

    what = "lrng_type: credited rate; time stamp GCD of every boot"
    try:
        t = lrng_type(os.path.join(d, "lrng_type.txt"))
        gcds = restart_gcds(d, r)
    except Bad as e:
        yield False, what, str(e)
        return
    other = ["restart boot %d: %s" % (i, g) for i, g in sorted(gcds.items())
             if not re.match(r"[1-9][0-9]*$", g)]
    if t["gcd"] < 1:
        other.insert(0, "collection boot: %d" % t["gcd"])
    if other:
        yield False, what, "no time stamp GCD: %s" % ", ".join(other[:5])
        return
    yield True, "%s (%d interrupts for %d bits; GCD %s)" % (
        what, t["rate"], STRENGTH,
        ", ".join(sorted(set([str(t["gcd"])] + list(gcds.values()))))), ""

    what = "8-bit samples: each time stamp divided by its boot's GCD, mod 256"
    bad = []
    parts = [("samples.8bit", f["samples.8bit"], f["samples.32bit"], t["gcd"])]
    parts += [("restart.8bit row %d" % i,
               f["restart.8bit"][(i - 1) * ROW:i * ROW],
               f["restart.32bit"][(i - 1) * ROW * 4:i * ROW * 4], int(g))
              for i, g in sorted(gcds.items())]
    for name, b8, b32, gcd in parts:
        want = samples(b32, gcd)
        if want != b8:
            i = next(i for i in range(len(b8)) if want[i] != b8[i])
            bad.append("%s sample %d is 0x%02x, the stamp 0x%08x / %d" % (
                name, i, b8[i], int.from_bytes(b32[4 * i:4 * i + 4], "little"),
                gcd))
    yield not bad, what, "; ".join(bad[:3])

    rows = [f["restart.8bit"][i * ROW:(i + 1) * ROW] for i in range(r)]
    what = "samples vary: the run-time samples and each restart row"
    distinct = len(set(f["samples.8bit"]))
    flat = [i + 1 for i, row in enumerate(rows) if len(set(row)) < 2]
    if distinct < 2:
        yield False, what, "all %d samples are 0x%02x" % (n, f["samples.8bit"][0])
    elif flat:
        yield False, what, "restart row(s) %s hold one value" % \
            ", ".join(map(str, flat[:10]))
    else:
        yield True, "%s (%d values)" % (what, distinct), ""

    what = "restart rows: %d independent boots, no two rows equal" % r
    first = {}
    same = None
    for i, row in enumerate(rows):
        if row in first:
            same = (first[row] + 1, i + 1)
            break
        first[row] = i
    if same:
        yield False, what, "rows %d and %d are equal" % same
    else:
        yield True, what, ""



# ---------------------------------------------------------------- SP800-90B
def rct_cutoff(h):
    """SP800-90B 4.4.1: 1 + ceil(-log2(alpha) / H); H may be a Fraction."""
    return 1 + math.ceil(Fraction(ALPHA_LOG2) / Fraction(h))


def apt_cutoff(h):
    """SP800-90B 4.4.2: 1 + CRITBINOM(W, 2^-H, 1 - alpha), the smallest k
    with P(X > k) <= alpha for X ~ Binomial(W, 2^-H)."""
    p = 2.0 ** -float(h)
    alpha = 2.0 ** -ALPHA_LOG2
    if p >= 1:
        return APT_WINDOW + 1
    pmf = [math.comb(APT_WINDOW, k) * p ** k * (1 - p) ** (APT_WINDOW - k)
           for k in range(APT_WINDOW + 1)]
    tail = 0.0
    for k in range(APT_WINDOW, -1, -1):
        if tail + pmf[k] > alpha:
            return 1 + k
        tail += pmf[k]
    return 1


# ---------------------------------------------------------------- NIST tools
def _num(pattern, text):
    m = re.search(pattern + r"\s*[:=]\s*" + NUM, text, re.M)
    return float(m.group(m.lastindex)) if m else None


def parse_non_iid(text):
    """ea_non_iid -v: H_original, H_bitstring and their minimum, H_I."""
    r = {"h_original": _num(r"^\s*H_original", text),
         "h_bitstring": _num(r"^\s*H_bitstring", text),
         "h_i": None, "bits": 8}
    m = re.search(r"^\s*min\(H_original,\s*(\d+)\s*X\s*H_bitstring\)\s*[:=]\s*"
                  + NUM, text, re.M)
    if m:
        r["bits"] = int(m.group(1))
        r["h_i"] = float(m.group(2))
    elif r["h_original"] is not None and r["h_bitstring"] is not None:
        r["h_i"] = min(r["h_original"], 8 * r["h_bitstring"])
    if r["h_i"] is not None and not 0 <= r["h_i"] <= r["bits"]:
        r["h_i"] = None
    return r


def parse_restart(text, rc):
    """ea_restart -v: the sanity check, the validation test, the result."""
    sanity = re.search(r"Restart Sanity Check (Passed|Failed)", text, re.I)
    valid = re.search(r"Validation Test (Passed|Failed)", text, re.I)
    r = {"sanity": sanity.group(1).lower() if sanity else None,
         "validation": valid.group(1).lower() if valid else None,
         "h_r": _num(r"^\s*H_r", text), "h_c": _num(r"^\s*H_c", text),
         "min": _num(r"min\(H_r,\s*H_c,\s*H_I\)", text)}
    if "failed" in (r["sanity"], r["validation"]):
        r["verdict"] = "failed"
    elif r["validation"] == "passed" and r["sanity"] != "failed" and rc == 0:
        r["verdict"] = "passed"
    else:
        r["verdict"] = None
    return r


def last_line(text):
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1][:120] if lines else "no output"


# ---------------------------------------------------------------- report
def report(d, non_iid_rc=None, restart_rc=None, restart_skipped=None,
           skipped=None):
    """The text of report.txt and whether the assessment holds."""
    kv, n, r = collection(d)
    t = lrng_type(os.path.join(d, "lrng_type.txt"))
    credited = Fraction(STRENGTH, t["rate"])
    out = ["SP800-90B data sets of the LRNG's interrupt entropy source "
           "(make sp80090b)", ""]
    for key in ("date", "kernel", "machine", "load", "cmdline"):
        if key in kv:
            out.append("  %-22s %s" % (key, kv[key]))
    out += ["  %-22s %d samples, 8 bits: the low byte of each time stamp"
            " / GCD" % ("samples.8bit", n),
            "  %-22s the %d time stamps, 32-bit little-endian"
            % ("samples.32bit", n),
            "  %-22s %d rows (boots) x %d samples, the first since boot"
            % ("restart.8bit", r, ROW),
            "  %-22s the same as time stamps" % "restart.32bit",
            "  %-22s /proc/lrng_type after the collection" % "lrng_type.txt",
            "", "Credited rate (/proc/lrng_type)",
            "  Interrupts for %d bits: %d, so %.6f bits per sample"
            % (STRENGTH, t["rate"], float(credited)),
            "  Time stamp GCD: %d; High-resolution timer: %s"
            % (t["gcd"], t["high_res"] or "?"), ""]
    ok = True
    verdicts = []
    h_i = None
    out.append("Min-entropy per sample (ea_non_iid -v samples.8bit 8)")
    if skipped:
        out.append("  not assessed: %s" % skipped)
        verdicts.append("not assessed (%s)" % skipped)
        ok = False
    elif non_iid_rc is None:
        out.append("  not assessed: make sp80090b NIST_EA=dir runs "
                   "ea_non_iid and ea_restart")
        verdicts.append("not assessed (no NIST_EA)")
    else:
        text = read(os.path.join(d, "ea_non_iid.txt")).decode(errors="replace")
        ni = parse_non_iid(text)
        h_i = ni["h_i"]
        if h_i is None:
            out.append("  no H_I in ea_non_iid.txt (exit status %d): %s"
                       % (non_iid_rc, last_line(text)))
            verdicts.append("ea_non_iid gave no H_I")
            ok = False
        else:
            if ni["h_original"] is not None:
                out.append("  %-30s %.6f" % ("H_original", ni["h_original"]))
            if ni["h_bitstring"] is not None:
                out.append("  %-30s %.6f (H_bitstring %.6f)" % (
                    "%d x H_bitstring" % ni["bits"],
                    ni["bits"] * ni["h_bitstring"], ni["h_bitstring"]))
            out.append("  %-30s %.6f bits per sample" % ("H_I", h_i))
            out.append("  %-30s %.6f bits per sample"
                       % ("credited", float(credited)))
            if h_i >= credited:
                out.append("  H_I is at least the credited rate")
                verdicts.append("H_I %.6f >= credited %.6f" % (h_i, float(credited)))
            else:
                need = math.ceil(STRENGTH / h_i) if h_i > 0 else None
                out.append("  H_I is below the credited rate: boot with "
                           "lrng_es_irq.irq_entropy=%s or more"
                           % (need if need else "4294967295"))
                verdicts.append("H_I %.6f BELOW credited %.6f"
                                % (h_i, float(credited)))
                ok = False
    out.append("")
    out.append("Restart test (ea_restart -v restart.8bit 8 H_I)")
    if non_iid_rc is None:
        out.append("  not assessed")
    elif restart_skipped:
        out.append("  not run: %s" % restart_skipped)
        verdicts.append("restart test not run")
        ok = False
    else:
        text = read(os.path.join(d, "ea_restart.txt")).decode(errors="replace")
        rs = parse_restart(text, restart_rc)
        for key, label in (("sanity", "sanity check"),
                           ("validation", "validation test")):
            out.append("  %-30s %s" % (label, rs[key] or "not reported"))
        for key, label in (("h_r", "H_r"), ("h_c", "H_c"),
                           ("min", "min(H_r, H_c, H_I)")):
            if rs[key] is not None:
                out.append("  %-30s %.6f" % (label, rs[key]))
        if rs["verdict"] is None:
            out.append("  no verdict in ea_restart.txt (exit status %d): %s"
                       % (restart_rc, last_line(text)))
            verdicts.append("ea_restart gave no verdict")
            ok = False
        else:
            out.append("  %-30s %s" % ("restart test", rs["verdict"]))
            verdicts.append("restart test %s" % rs["verdict"])
            ok = ok and rs["verdict"] == "passed"
    out += ["", "Health test cut-offs (SP800-90B 4.4, alpha = 2^-%d, APT "
            "window %d)" % (ALPHA_LOG2, APT_WINDOW),
            "  %-38s %5s %5s" % ("", "RCT", "APT")]
    apt = "%d" % t["apt"][0] if t["apt"] else "-"
    out.append("  %-38s %5s %5s" % ("LRNG (/proc/lrng_type)",
                                    t["rct"] if t["rct"] else "-", apt))
    out.append("  %-38s %5d %5d" % ("4.4 for the credited H = %.6f"
                                    % float(credited), rct_cutoff(credited),
                                    apt_cutoff(credited)))
    if h_i:
        out.append("  %-38s %5d %5d" % ("4.4 for the measured H_I = %.6f" % h_i,
                                        rct_cutoff(Fraction(h_i)),
                                        apt_cutoff(h_i)))
    if t["rct"] is None:
        out.append("  the LRNG shows no cut-offs: built without "
                   "CONFIG_LRNG_HEALTH_TESTS")
    else:
        out.append("  failures in the collection boot: RCT %s, APT %s"
                   % (t["rct_failures"], t["apt_failures"]))
        out.append("  The LRNG derives its cut-offs from the credited rate; "
                   "its APT table")
        out.append("  rounds the rate down to a tabled H, so its APT "
                   "cut-off is never below 4.4's.")
    out += ["", "Result: %s" % "; ".join(verdicts)]
    return "\n".join(out) + "\n", ok


# ---------------------------------------------------------------- self-test
TYPE_TEXT = """DRNG name: ChaCha20
IRQ ES properties:
 Hash for operating entropy pool: SHA-256
 High-resolution timer: true
 Time stamp GCD: %s
 Interrupts for 256 bits: 256
 Entropy rate: 256
 Health test RCT cut-off: 21
 Health test APT cut-off: 311 of 512
 Health test RCT failures: 0
 Health test APT failures: 0
JitterRNG ES properties:
 Entropy rate: 16
"""

# Output of ea_non_iid -v and ea_restart -v in the format of
# SP800-90B_EntropyAssessment's tools. The parsers rely only on the lines
# "H_original:", "H_bitstring:", "min(H_original, 8 X H_bitstring):",
# "H_r:", "H_c:", "min(H_r, H_c, H_I):" and "Restart Sanity Check" /
# "Validation Test" with "Passed" or "Failed".
NON_IID_OUT = """Opening file: 'samples.8bit'
Loaded 20000 samples of 256 distinct 8-bit-wide symbols
Number of Binary Symbols: 160000

Running non-IID tests...

Running Most Common Value Estimate...
H_original: 6.912345
H_bitstring: 0.912000
min(H_original, 8 X H_bitstring): 6.912345
"""

RESTART_OUT = """Opening file: 'restart.8bit'
Loaded 1000000 samples made up of 256 distinct 8-bit-wide symbols.
H_I: 6.912345
ALPHA: 5.0251890762960665e-06, X_cutoff: 14
X_max: 9
Restart Sanity Check Passed...

Running non-IID tests...

H_r: 7.100000
H_c: 7.200000
H_I: 6.912345

Validation Test Passed...

min(H_r, H_c, H_I): 6.912345
"""


def _write(d, name, data):
    with open(os.path.join(d, name), "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)


def _good(d, n=2000, r=4):
    """A consistent set of files: time stamps with varying steps."""
    seed = 12345

    def stamps(count, start):
        nonlocal seed
        out, s = [], start
        for _ in range(count):
            seed = (seed * 1103515245 + 12345) % 2 ** 31
            s = (s + 1000 + (seed >> 16) % 4000) % 2 ** 32
            out.append(s)
        return out

    def files(words):
        return (bytes(w & 0xff for w in words),
                b"".join(w.to_bytes(4, "little") for w in words))

    s8, s32 = files(stamps(n, 7))
    rows = [files(stamps(ROW, 1000 * i)) for i in range(r)]
    _write(d, "samples.8bit", s8)
    _write(d, "samples.32bit", s32)
    _write(d, "restart.8bit", b"".join(x for x, _ in rows))
    _write(d, "restart.32bit", b"".join(y for _, y in rows))
    _write(d, "collection.txt", "samples: %d\nrestarts: %d\nkernel: x\n" % (n, r))
    _write(d, "restarts.txt", "".join("%d gcd=1 tries=1\n" % (i + 1)
                                      for i in range(r)))
    _write(d, "lrng_type.txt", TYPE_TEXT % 1)


def _patch(d, name, fn):
    data = read(os.path.join(d, name))
    _write(d, name, fn(data))


def selftest():
    bad = 0

    def judge(what, good):
        nonlocal bad
        print("%s %s" % ("ok  " if good else "FAIL", what))
        bad += not good

    base = tempfile.mkdtemp()
    try:
        good = os.path.join(base, "good")
        os.mkdir(good)
        _good(good)
        res = list(checks(good))
        judge("consistent files pass every check (%d)" % len(res),
              len(res) == 5 and all(ok for ok, _, _ in res))
        d = os.path.join(base, "gcd")
        shutil.copytree(good, d)
        _patch(d, "restarts.txt", lambda b: b.replace(b"1 gcd=1", b"1 gcd=3"))
        _patch(d, "restart.8bit", lambda b: samples(
            read(os.path.join(d, "restart.32bit"))[:4 * ROW], 3) + b[ROW:])
        res = list(checks(d))
        judge("a restart boot with a GCD of 3 and its row divided by it passes",
              len(res) == 5 and all(ok for ok, _, _ in res))
        flip = lambda b: bytes([b[0] ^ 1]) + b[1:]
        cases = [
            ("a short 8-bit file", "exact sizes",
             lambda d: _patch(d, "samples.8bit", lambda b: b[:-1])),
            ("a long restart file", "exact sizes",
             lambda d: _patch(d, "restart.32bit", lambda b: b + b"\0")),
            ("a missing file", "exact sizes",
             lambda d: os.unlink(os.path.join(d, "restart.8bit"))),
            ("an 8-bit sample that is not its stamp's low byte",
             "divided by its boot's GCD", lambda d: _patch(d, "samples.8bit", flip)),
            ("a restart sample that is not its stamp's low byte",
             "divided by its boot's GCD", lambda d: _patch(d, "restart.8bit", flip)),
            ("constant samples", "vary", lambda d: (
                _write(d, "samples.8bit", b"\x07" * 2000),
                _write(d, "samples.32bit", b"\x07\0\0\0" * 2000))),
            ("a constant restart row", "vary", lambda d: (
                _patch(d, "restart.8bit", lambda b: b"\x05" * ROW + b[ROW:]),
                _patch(d, "restart.32bit",
                       lambda b: b"\x05\0\0\0" * ROW + b[4 * ROW:]))),
            ("two equal restart rows", "no two rows equal", lambda d: (
                _patch(d, "restart.8bit", lambda b: b[:ROW] * 2 + b[2 * ROW:]),
                _patch(d, "restart.32bit",
                       lambda b: b[:4 * ROW] * 2 + b[8 * ROW:]))),
            ("a time stamp GCD of 2 the samples do not have",
             "divided by its boot's GCD",
             lambda d: _write(d, "lrng_type.txt", TYPE_TEXT % 2)),
            ("a restart boot with a GCD of 3 its row does not have",
             "divided by its boot's GCD",
             lambda d: _patch(d, "restarts.txt",
                              lambda b: b.replace(b"2 gcd=1", b"2 gcd=3"))),
            ("a restart boot without its GCD", "GCD of every boot",
             lambda d: _patch(d, "restarts.txt",
                              lambda b: b.replace(b"2 gcd=1", b"2 gcd=?"))),
            ("no IRQ source in lrng_type", "GCD",
             lambda d: _write(d, "lrng_type.txt", "DRNG name: ChaCha20\n")),
            ("a restart boot missing from restarts.txt", "GCD",
             lambda d: _patch(d, "restarts.txt",
                              lambda b: b"".join(b.splitlines(True)[:-1]))),
        ]
        for what, needle, spoil in cases:
            d = os.path.join(base, "bad")
            shutil.rmtree(d, ignore_errors=True)
            shutil.copytree(good, d)
            spoil(d)
            fails = [(w, why) for ok, w, why in checks(d) if not ok]
            judge("%s fails the check '%s'" % (what, needle),
                  len(fails) == 1 and needle in fails[0][0])

        raw = os.path.join(base, "raw")
        o8, o32 = os.path.join(base, "o8"), os.path.join(base, "o32")
        body = b"\2\4\6" + b"\2\0\0\0\4\0\0\0\6\0\0\0"
        for what, data, gcd, want, ok in (
                ("a good serial port", PATTERN + body, "1", body[:3], True),
                ("a GCD of 2", PATTERN + body, "2", b"\1\2\3", True),
                ("no GCD", PATTERN + body, "?", None, False),
                ("an 8-bit file that is not the words' low bytes",
                 PATTERN + b"\2\5\6" + body[3:], "1", None, False),
                ("a changed pattern byte",
                 PATTERN[:10] + b"\r" + PATTERN[11:] + body, "1", None, False),
                ("a lost byte", PATTERN + body[:-1], "1", None, False)):
            _write(base, "raw", data)
            try:
                extract(raw, 3, o8, o32, gcd)
                got = read(o8) == want and read(o32) == body[3:]
            except Bad:
                got = False
            judge("extract: %s %s" % (what, "is taken" if ok else "is refused"),
                  got == ok)

        judge("RCT and APT cut-offs of SP800-90B 4.4 for H = 1, 0.5, 0.1",
              [(rct_cutoff(h), apt_cutoff(h)) for h in
               (Fraction(1), Fraction(1, 2), Fraction(1, 10))] ==
              [(21, 311), (41, 410), (201, 502)])
        ni = parse_non_iid(NON_IID_OUT)
        judge("ea_non_iid: H_I from min(H_original, 8 X H_bitstring)",
              ni["h_i"] == 6.912345 and ni["h_bitstring"] == 0.912)
        judge("ea_non_iid: no H_I in other output",
              parse_non_iid("Error: file not found\n")["h_i"] is None)
        judge("ea_restart: passed",
              parse_restart(RESTART_OUT, 0)["verdict"] == "passed")
        judge("ea_restart: a failed validation test",
              parse_restart(RESTART_OUT.replace(
                  "Validation Test Passed...",
                  "*** Validation Test Failed ***"), 255)["verdict"] == "failed")
        judge("ea_restart: a failed sanity check", parse_restart(
            RESTART_OUT.split("Restart Sanity")[0] +
            "\n*** Restart Sanity Check Failed ***\n", 255)["verdict"] == "failed")
        judge("ea_restart: no verdict in other output",
              parse_restart("Segmentation fault\n", 139)["verdict"] is None)

        _write(good, "ea_non_iid.txt", NON_IID_OUT)
        _write(good, "ea_restart.txt", RESTART_OUT)
        text, ok = report(good, 0, 0)
        judge("report: H_I above the credit, restart passed: holds",
              ok and "restart test                   passed" in text)
        _write(good, "ea_non_iid.txt", NON_IID_OUT.replace("6.912345", "0.500000"))
        text, ok = report(good, 0, 0)
        judge("report: H_I below the credit: falls short, names the parameter",
              not ok and "lrng_es_irq.irq_entropy=512" in text)
        text, ok = report(good)
        judge("report: without the tools: not assessed",
              ok and "not assessed" in text)
        text, ok = report(good, skipped="a check of the files failed")
        judge("report: tools skipped after a failed check: falls short",
              not ok and "not assessed: a check" in text)
    finally:
        shutil.rmtree(base)
    print("%s" % ("all judged right" if not bad else "%d misjudged" % bad))
    return 1 if bad else 0


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    cmd, args = argv[1], argv[2:]
    try:
        if cmd == "extract" and len(args) == 5:
            extract(args[0], int(args[1]), args[2], args[3], args[4])
            return 0
        if cmd == "check" and len(args) == 1:
            failed = 0
            for ok, what, why in checks(args[0]):
                print("PASS\t%s" % what if ok else "FAIL\t%s\t%s" % (what, why))
                failed += not ok
            return 1 if failed else 0
        if cmd == "h-initial" and len(args) == 1:
            h = parse_non_iid(read(args[0]).decode(errors="replace"))["h_i"]
            if h is None:
                raise Bad("no H_I in %s" % args[0])
            print("%.6f" % h)
            return 0
        if cmd == "report" and args:
            opts = {"--non-iid": None, "--restart": None,
                    "--restart-skipped": None, "--skipped": None}
            rest = args[1:]
            while rest:
                if rest[0] not in opts or len(rest) < 2:
                    raise Bad("report: unknown option %s" % rest[0])
                opts[rest[0]] = rest[1]
                rest = rest[2:]
            toint = lambda v: None if v is None else int(v)
            text, ok = report(args[0], toint(opts["--non-iid"]),
                              toint(opts["--restart"]),
                              opts["--restart-skipped"], opts["--skipped"])
            with open(os.path.join(args[0], "report.txt"), "w") as f:
                f.write(text)
            sys.stdout.write(text)
            return 0 if ok else 1
        if cmd == "selftest" and not args:
            return selftest()
    except Bad as e:
        print(e, file=sys.stderr)
        return 1
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
