# SPDX-License-Identifier: GPL-2.0
# The output randomness check of a test boot: the guest's /init (send_sample)
# writes an output sample to the third serial port (ttyS2), which boot()
# backs with build/logs/NAME.sample.raw; here Debian's rngtest (rng-tools5,
# FIPS 140-2) and ent judge it. Sourced by harness/harness.sh after lib.sh.
#
# The sample: the 256 byte values 0..255 in order (so any byte the serial
# line translated or dropped shows), then SAMPLE_BYTES of getrandom(2)
# output (flags 0), then SAMPLE_BYTES of /dev/urandom. harness/init and
# boot() must agree with SAMPLE_BYTES and this layout.
#
# Every bound is derived from the statistic's distribution for an ideal
# random source so that each test falsely fails a good sample with
# probability below RANDOMNESS_ALPHA, and is the same for every kernel:
#   rngtest  it tests 20000-bit blocks (the first 32 bits seed its
#            continuous test) and fails a block on any of monobit, poker,
#            runs, long run or continuous run; a good source fails a block
#            with probability RNGTEST_BLOCK_P (below). The sample fails
#            when more than k blocks failed, k the smallest number with
#            P(Binomial(blocks, RNGTEST_BLOCK_P) > k) < RANDOMNESS_ALPHA.
#   ent      chi-square of the byte counts (255 degrees of freedom): its
#            p-value must lie in [alpha, 1 - alpha]; too good a fit fails
#            too (a byte counter has chi-square 0). The entropy per byte,
#            arithmetic mean, Monte Carlo pi and serial correlation are
#            about normal for large n; each fails beyond the two-sided
#            normal quantile z of alpha (|x - mean| > z * sd). Entropy:
#            8 - H is chi-square / (2 n ln 2) to second order, so its
#            bounds are the chi-square bounds' (plus ent's 6-digit
#            rounding): too high an entropy fails like too low a
#            chi-square.
#   repeat   no 16-byte block (at 16-byte offsets) may occur twice: for
#            2^17 blocks of an ideal source the chance is about 2^-95.
# A good sample then fails at all with probability below 7 * alpha (the
# sum over the seven bounds), for each of getrandom and /dev/urandom.

SAMPLE_BYTES=2097152
RANDOMNESS_ALPHA=1e-6
# Per-block false-failure probability of rngtest on ideal input, rounded
# up (a larger value only raises k): the sum of monobit 1.035e-4 (exact
# binomial: ones <= 9725 or >= 10275 of 20000), poker 0.99e-4 (chi-square
# with 15 degrees of freedom <= 2.16 or >= 46.17), long run 2.98e-4 (exact:
# a run of 26 or more equal bits), runs about 2.8e-4 (the 12 run counts
# outside their FIPS 140-2 intervals; no closed form, so estimated from
# 10^6 blocks) and continuous run 1.5e-7 (625 32-bit words, each equal to
# the one before with chance 2^-32): 7.8e-4. For 838 blocks k is then 8:
# P(more than 8 failures) is 2.6e-7 at 1e-3, 3.2e-8 at 7.8e-4.
RNGTEST_BLOCK_P=1e-3

# randomness_eval LABEL FILE RNGTEST_OUT ENT_OUT: checks one source's sample
# against the bounds above. Prints the figures, bounds and verdicts; the
# last line is "summary: ..." (the figures for the one-line report). Exits
# 1 when any check failed.
randomness_eval() {
	python3 - "$@" "$RANDOMNESS_ALPHA" "$RNGTEST_BLOCK_P" <<'PY'
import math
import re
import sys

label, path, rng_out, ent_out, alpha, block_p = sys.argv[1:]
alpha = float(alpha)
block_p = float(block_p)
failed = []


def check(name, ok, text):
    print("  %-8s %s  %s" % ("ok" if ok else "FAIL", name, text))
    if not ok:
        failed.append(name)


def norm_quantile(a):
    """z with P(|N(0,1)| > z) = a (bisection on erfc)."""
    lo, hi = 0.0, 40.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if math.erfc(mid / math.sqrt(2)) > a:
            lo = mid
        else:
            hi = mid
    return hi


def gamma_q(a, x):
    """Regularized upper incomplete gamma Q(a, x) (Numerical Recipes)."""
    if x <= 0:
        return 1.0
    lg = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        s = t = 1.0 / a
        n = a
        while abs(t) > abs(s) * 1e-16:
            n += 1
            t *= x / n
            s += t
        return 1.0 - s * math.exp(lg)
    b = x + 1 - a
    c = 1e300
    d = 1 / b
    h = d
    for i in range(1, 10000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if d == 0 else d
        c = b + an / c
        c = 1e-300 if c == 0 else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-16:
            break
    return math.exp(lg) * h


def chi2_sf(x, df):
    return gamma_q(df / 2, x / 2)


def chi2_isf(p, df):
    """x with chi2_sf(x, df) = p (bisection)."""
    lo, hi = 0.0, 10.0 * df + 1000
    for _ in range(200):
        mid = (lo + hi) / 2
        if chi2_sf(mid, df) > p:
            lo = mid
        else:
            hi = mid
    return hi


def binom_k(n, p, a):
    """Smallest k with P(Binomial(n, p) > k) < a."""
    pmf = (1 - p) ** n
    cdf = pmf
    k = 0
    while 1 - cdf >= a:
        pmf *= (n - k) / (k + 1) * p / (1 - p)
        k += 1
        cdf += pmf
    return k


z = norm_quantile(alpha)
data = open(path, "rb").read()
n = len(data)
print("%s: %d bytes; alpha %g per test, normal quantile z = %.3f"
      % (label, n, alpha, z))
summary = []

# rngtest: its statistics on stderr, one "name: count" line each.
stats = {}
for line in open(rng_out, errors="replace"):
    m = re.match(r"rngtest: (FIPS 140-2.*?): (\d+)\s*$", line)
    if m:
        stats[m.group(1)] = int(m.group(2))
ok_blocks = stats.get("FIPS 140-2 successes")
bad_blocks = stats.get("FIPS 140-2 failures")
want_blocks = (8 * n - 32) // 20000
if ok_blocks is None or bad_blocks is None:
    check("rngtest", False, "no block counts in its output")
    summary.append("rngtest gave no counts")
else:
    blocks = ok_blocks + bad_blocks
    k = binom_k(blocks, block_p, alpha)
    detail = ", ".join("%s %d" % (name.split(")", 1)[1].strip(), c)
                       for name, c in stats.items() if "(2001" in name)
    check("rngtest", blocks == want_blocks and bad_blocks <= k,
          "%d of %d blocks failed (%s); at most %d allowed "
          "(per-block false failure %g), %d blocks expected"
          % (bad_blocks, blocks, detail, k, block_p, want_blocks))
    summary.append("rngtest %d/%d blocks failed (max %d)"
                   % (bad_blocks, blocks, k))

# ent -t: "1,File-bytes,Entropy,Chi-square,Mean,Monte-Carlo-Pi,Serial-Correlation"
row = None
for line in open(ent_out):
    f = line.strip().split(",")
    if f[0] == "1" and len(f) == 7:
        row = f
if row is None:
    check("ent", False, "no result line in its output")
    summary.append("ent gave no figures")
else:
    ent_n = int(row[1])
    entropy, chi2, mean, pi, corr = map(float, row[2:])
    df = 255
    p = chi2_sf(chi2, df)
    chi2_lo, chi2_hi = chi2_isf(1 - alpha, df), chi2_isf(alpha, df)
    check("bytes", ent_n == n, "ent read %d bytes of %d" % (ent_n, n))
    check("chi2", alpha <= p <= 1 - alpha,
          "chi-square %.2f (%d df), p-value %.4g; pass: p in [%g, %g], "
          "i.e. chi-square in [%.1f, %.1f]"
          % (chi2, df, p, alpha, 1 - alpha, chi2_lo, chi2_hi))
    h_min = 8 - chi2_hi / (2 * n * math.log(2)) - 1e-6
    h_max = 8 - chi2_lo / (2 * n * math.log(2)) + 1e-6
    check("entropy", h_min <= entropy <= h_max,
          "%.6f bits per byte; pass: in [%.6f, %.6f]"
          % (entropy, h_min, h_max))
    sd = math.sqrt((256 ** 2 - 1) / 12 / n)
    check("mean", abs(mean - 127.5) <= z * sd,
          "%.4f; pass: 127.5 +- %.4f (sd %.4f)" % (mean, z * sd, sd))
    # ent: a point per 6 bytes, 24-bit x and y, inside when
    # x^2 + y^2 <= (2^24 - 1)^2; pi is 4 * inside / points.
    pts = n // 6
    sd = 4 * math.sqrt(math.pi / 4 * (1 - math.pi / 4) / pts)
    check("pi", abs(pi - math.pi) <= z * sd,
          "Monte Carlo pi %.6f; pass: pi +- %.6f (sd %.6f, %d points)"
          % (pi, z * sd, sd, pts))
    check("serial", abs(corr) <= z / math.sqrt(n),
          "serial correlation %.6f; pass: |r| <= z / sqrt(n) = %.6f"
          % (corr, z / math.sqrt(n)))
    summary.append("chi2 p %.3g, H %.6f, r %.5f" % (p, entropy, corr))

# 16-byte blocks at 16-byte offsets, each unique.
blocks = [data[i:i + 16] for i in range(0, n - n % 16, 16)]
rep = len(blocks) - len(set(blocks))
check("repeat", rep == 0, "%d of %d 16-byte blocks are repeats"
      % (rep, len(blocks)))
if rep:
    summary.append("%d repeated 16-byte blocks" % rep)

print("summary: %s%s" % ("FAILED " + ",".join(failed) + ": " if failed else "",
                         ", ".join(summary)))
sys.exit(1 if failed else 0)
PY
}

# randomness_file LABEL FILE LOG: rngtest and ent on FILE, judged by
# randomness_eval; the tools' output and the verdicts appended to LOG.
# Prints the summary line; fails when a check failed.
randomness_file() {
	local label=$1 file=$2 log=$3 rc=0 out
	rngtest <"$file" >"$file.rngtest" 2>&1 || true
	ent -t "$file" >"$file.ent" 2>&1 || true
	{
		echo "---- $label: rngtest <sample (rng-tools5)"
		grep '^rngtest: ' "$file.rngtest" || cat "$file.rngtest"
		echo "---- $label: ent -t sample"
		cat "$file.ent"
		echo "---- $label: verdict"
	} >>"$log"
	out=$(randomness_eval "$label" "$file" "$file.rngtest" "$file.ent") || rc=$?
	echo "$out" >>"$log"
	rm -f "$file.rngtest" "$file.ent"
	if [ $rc -gt 1 ] || ! echo "$out" | grep -q '^summary: '; then
		echo "$label: checker error (rc=$rc): $(echo "$out" | tail -n1)"
		return 1
	fi
	echo "$label: $(echo "$out" | sed -n 's/^summary: //p')"
	return $rc
}

# randomness_check FLAVOR NAME: the one counted check of boot NAME's output
# sample (build/logs/NAME.sample.raw); figures in
# build/logs/NAME.randomness.log.
randomness_check() {
	local flavor=$1 name=$2 raw=$LOGS/$2.sample.raw log=$LOGS/$2.randomness.log
	local what="$flavor: output randomness (rngtest, ent)" size want tmp
	local sums=() ok=1 src line
	want=$((256 + 2 * SAMPLE_BYTES))
	line=$(grep -m1 '^LRNG-SAMPLE:' "$LOGS/$name.result.log" 2>/dev/null || true)
	{
		echo "output sample of boot $name: build/logs/${raw##*/}"
		echo "guest: ${line:-no LRNG-SAMPLE line on the result channel}"
	} >"$log"
	size=$(stat -c %s "$raw" 2>/dev/null || echo 0)
	if [ "$size" -ne "$want" ]; then
		echo "sample has $size bytes, $want expected" >>"$log"
		fail "$what" "sample has $size bytes, $want expected (${line:-no LRNG-SAMPLE line}; log build/logs/${log##*/})"
		return
	fi
	# The serial line must pass every byte value unchanged.
	if ! cmp -s <(head -c 256 "$raw") \
		<(python3 -c 'import sys; sys.stdout.buffer.write(bytes(range(256)))'); then
		echo "the leading 0..255 pattern arrived changed: $(head -c 256 "$raw" | od -An -tx1 | head -2 | tr -s ' \n' ' ')" >>"$log"
		fail "$what" "the serial line changed the 0..255 pattern (log build/logs/${log##*/})"
		return
	fi
	tmp=$(mktemp -d)
	head -c $((256 + SAMPLE_BYTES)) "$raw" | tail -c "$SAMPLE_BYTES" >"$tmp/getrandom"
	tail -c "$SAMPLE_BYTES" "$raw" >"$tmp/urandom"
	for src in getrandom urandom; do
		sums+=("$(randomness_file "$src" "$tmp/$src" "$log")") || ok=0
	done
	rm -rf "$tmp"
	if [ $ok = 1 ]; then
		pass "$what: ${sums[0]}; ${sums[1]}"
	else
		fail "$what" "${sums[0]}; ${sums[1]} (log build/logs/${log##*/})"
	fi
}
