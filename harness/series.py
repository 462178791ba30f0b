#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Make the LRNG patch series (make patch).

usage: series.py ROOT KSRC WORKDIR OUTDIR

A scratch git repository is made in WORKDIR from KSRC's pristine copies of
the files the series changes (git format-patch and git am only look at
those; the blob ids in the patches are those of the full tree). Each
logical step is one commit; git format-patch --cover-letter writes the
series to OUTDIR.

Steps (one patch each):
  core       drivers/char/lrng/ without the parts below, the Kconfig and
             Makefile hooks (Kconfig.patch, Makefile.patch),
             include/linux/lrng.h and the MAINTAINERS entry
  irq        the interrupt entropy source
  jent       the Jitter RNG entropy source
  kunit      the KUnit tests
  selftests  tools/testing/selftests/lrng/ and its TARGETS line
  docs       Documentation/admin-guide/lrng.rst, its index entry,
             Documentation/ABI/testing/debugfs-lrng and the
             kernel-parameters.txt entries (taken from the lrng.rst section
             "Entries for kernel-parameters.txt")

The irq, jent and kunit steps are cut out of drivers/char/lrng/Kconfig and
Makefile by symbol (FEATURES below). When a step's pieces cannot be found,
it is folded into the core patch and a note is printed, so the series is
always complete. Dates are fixed (the repo's last commit), so the same
sources give the same series.
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
PATCHES = ['Kconfig.patch', 'Makefile.patch']
LRNG = 'drivers/char/lrng/'

# name, Kconfig symbols (a "config X" stanza, plus a following "if X" ...
# "endif" block), drivers/char/lrng/Makefile line pattern, files under
# drivers/char/lrng/ (a trailing / means a directory).
FEATURES = [
    ('irq', ['LRNG_IRQ'],
     r'\bCONFIG_LRNG_(IRQ|HEALTH_TESTS|TESTING)\b',
     ['lrng_es_irq.c', 'lrng_es_irq_pool.c', 'lrng_es_irq_pool.h',
      'lrng_es_irq_array.c', 'lrng_es_irq_array.h',
      'lrng_gcd.c', 'lrng_gcd.h', 'lrng_selftest_irq.c', 'lrng_health.c',
      'lrng_testing.c', 'lrng_testing.h']),
    ('jent', ['LRNG_JENT', 'LRNG_JENT_ENTROPY_RATE'], r'\bCONFIG_LRNG_JENT\b',
     ['lrng_es_jent.c']),
    ('kunit', ['LRNG_KUNIT_TEST'], r'\bCONFIG_LRNG_KUNIT_TEST\b',
     ['tests/', '.kunitconfig']),
]

MESSAGES = {
    'core': ('lrng: add the Linux Random Number Generator in place of random.c',
             """\
The LRNG is a drop-in replacement for drivers/char/random.c, selected with
CONFIG_LRNG. It keeps the user space ABI (getrandom(2), /dev/random,
/dev/urandom, their ioctls, the kernel/random sysctls, the vDSO getrandom
contract) and the in-kernel API of random.c, and is designed for NIST
SP800-90A/B/C: an entropy source manager seeds a ChaCha20 DRNG in stages
(initially, minimally and fully seeded) from several entropy sources,
conditioned with SHA-256, and the DRNG keys per-CPU ChaCha20 DRNGs.

This patch adds the core: the entropy source manager, the auxiliary pool
(add_device_randomness(), writes to /dev/random, ...) and the CPU entropy
source (RDSEED/RDRAND), the ChaCha20 DRNG and its manager, the interfaces
(in-kernel API, character devices, getrandom(2), sysctls, /proc/lrng_type,
CPU hotplug, block devices, VM fork), the power-on self-tests of the
ChaCha20 DRNG and SHA-256 (result in
/sys/module/lrng_selftest/parameters/selftest_status; after a failure user
space gets EIO instead of random numbers) and include/linux/lrng.h. The
interrupt and Jitter RNG entropy sources follow in separate patches; the
hooks for them here compile to nothing until then.

drivers/char/Makefile builds random.o only when CONFIG_LRNG is not set, so
with CONFIG_LRNG=n the kernel is unchanged."""),
    'irq': ('lrng: add the interrupt entropy source',
            """\
The LRNG's internal entropy source (CONFIG_LRNG_IRQ, default y): the time
stamp of every interrupt, recorded in hard-IRQ context into a per-CPU
collection array and hashed into a per-CPU SHA-256 pool, either as soon
as the array is full (continuous compression) or when the LRNG is seeded.
256 interrupts are credited with 256 bits by default
(CONFIG_LRNG_IRQ_ENTROPY_RATE, boot parameter lrng_es_irq.irq_entropy=).
A GCD analysis of the first time stamps removes constant low bits of
coarse timers.

CONFIG_LRNG_HEALTH_TESTS (default y) runs the SP800-90B section 4.4
repetition count and adaptive proportion tests on every time stamp, with
cut-offs derived from the credited entropy rate, and a start-up test over
each CPU's first 1024 samples; a failure stops the source's credit, a
failure during a start-up test stops it until reboot (and panics in FIPS
mode with CONFIG_LRNG_HEALTH_TESTS_PANIC). A power-on self-test checks
the collection array. The debugfs taps of CONFIG_LRNG_TESTING_MENU
(lrng_raw_hires, ..., lrng_acvt_hash) give a lab the raw samples, never
credited."""),
    'jent': ('lrng: add the Jitter RNG entropy source',
             """\
CONFIG_LRNG_JENT seeds the LRNG also from the CPU execution time jitter
RNG of crypto/jitterentropy.c, through the crypto API. It delivers
entropy on request, so machines with few interrupts and no trusted CPU
source get fully seeded. It is credited with 16 bits per 256 bits by
default (CONFIG_LRNG_JENT_ENTROPY_RATE, boot parameter
lrng_es_jent.jitterrng=)."""),
    'kunit': ('lrng: add KUnit tests',
              """\
CONFIG_LRNG_KUNIT_TEST: known-answer and behaviour tests of the ChaCha20
DRNG, the per-CPU batch of get_random_u8() .. get_random_u64() and
short get_random_bytes() requests, the interrupt source's collection array
and entropy accounting, and the time stamp GCD analysis. drivers/char/lrng/.kunitconfig runs them with
tools/testing/kunit/kunit.py run --kunitconfig drivers/char/lrng."""),
    'selftests': ('selftests/lrng: add tests of the random number ABI',
                  """\
User space tests of getrandom(2), /dev/random and /dev/urandom, the
kernel/random sysctls and, on an LRNG kernel, /proc/lrng_type and the
entropy rate parameters. Except for the LRNG-only tests they pass on a
kernel with random.c too, which shows that the LRNG keeps its ABI."""),
    'docs': ('Documentation/admin-guide: add the LRNG guide',
             """\
Documentation/admin-guide/lrng.rst describes the LRNG's design and data
flow, every Kconfig option, boot and module parameter, sysctl and /proc
file, the seeding stages and reseed rules, and how it differs from
random.c. The boot parameters are added to kernel-parameters.txt.
Documentation/ABI/testing/debugfs-lrng describes the debugfs test
interfaces."""),
}


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


def kconfig_drop(text, syms):
    """Remove the "config SYM" stanzas (and an "if SYM" block right after
    one) from a Kconfig file. Returns None when a symbol is missing."""
    lines = text.split('\n')
    for sym in syms:
        try:
            start = lines.index('config ' + sym)
        except ValueError:
            return None
        end = start + 1
        while end < len(lines) and not toplevel(lines[end]):
            end += 1
        if end < len(lines) and lines[end] == 'if ' + sym:
            depth = 0
            while end < len(lines):
                if re.match(r'if\b', lines[end]):
                    depth += 1
                elif re.match(r'endif\b', lines[end]):
                    depth -= 1
                    if depth == 0:
                        break
                end += 1
            if end == len(lines):
                return None
            end += 1
            while end < len(lines) and lines[end] == '':
                end += 1
        del lines[start:end]
    return '\n'.join(lines)


def makefile_drop(text, pattern):
    lines = text.split('\n')
    kept = [l for l in lines if not re.search(pattern, l)]
    if len(kept) == len(lines):
        return None
    # No blank line left at the end or twice in a row by the removal.
    out = []
    for l in kept:
        if l == '' and out and out[-1] == '':
            continue
        out.append(l)
    while len(out) > 1 and out[-1] == '' and out[-2] == '':
        out.pop()
    return '\n'.join(out)


def feature_owner(rel, features):
    """The feature a drivers/char/lrng/ file belongs to, or None (core)."""
    if not rel.startswith(LRNG):
        return None
    sub = rel[len(LRNG):]
    for name, _, _, files in features:
        for f in files:
            if sub == f or (f.endswith('/') and sub.startswith(f)):
                return name
    return None


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


def main():
    root, ksrc, work, out = [os.path.abspath(a) for a in sys.argv[1:5]]
    files = overlay_files(root)
    if not any(f.startswith(LRNG) for f in files):
        sys.exit('series.py: no drivers/char/lrng/ in ' + root)

    # Which features can be cut out of the core.
    kconfig = read(os.path.join(root, LRNG + 'Kconfig'))
    makefile = read(os.path.join(root, LRNG + 'Makefile'))
    features = []
    for feat in FEATURES:
        name, syms, pat, fl = feat
        k = kconfig_drop(kconfig, syms)
        m = makefile_drop(makefile, pat)
        have = [f for f in fl if any(
            x == LRNG + f or (f.endswith('/') and x.startswith(LRNG + f))
            for x in files)]
        if k is None or m is None or not have:
            print('note: %s not split out (Kconfig %s, Makefile line %s, '
                  'files %s): it is in the core patch' %
                  (name, 'ok' if k else 'missing', 'ok' if m else 'missing',
                   'ok' if have else 'missing'))
            continue
        kconfig, makefile = k, m
        features.append(feat)

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

    def commit(step):
        subj, body = MESSAGES[step]
        git('add', '-A')
        if not git('status', '--porcelain', capture=True).strip():
            print('note: step %s is empty, no patch' % step)
            return
        msg = '%s\n\n%s\n\nSigned-off-by: %s <%s>\n' % (subj, body, name, mail)
        r = subprocess.run(['git', '-C', work, 'commit', '-q', '-F', '-'],
                           input=msg, text=True, env=env)
        if r.returncode:
            sys.exit('series.py: commit of %s failed' % step)

    def copy(rel):
        dst = os.path.join(work, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(os.path.join(root, rel), dst)
        shutil.copymode(os.path.join(root, rel), dst)

    # 1. core
    for p in PATCHES:
        if os.path.exists(os.path.join(root, p)):
            r = subprocess.run(['patch', '-p1', '-d', work, '--batch',
                                '--forward', '--no-backup-if-mismatch', '-s',
                                '-i', os.path.join(root, p)])
            if r.returncode:
                sys.exit('series.py: %s does not apply to %s' % (p, ksrc))
    for f in files:
        if f.startswith(LRNG) or f == 'include/linux/lrng.h':
            if feature_owner(f, features) is None:
                copy(f)
    write(os.path.join(work, LRNG + 'Kconfig'), kconfig)
    write(os.path.join(work, LRNG + 'Makefile'), makefile)
    text = run('python3', os.path.join(root, 'harness/maintainers.py'),
               os.path.join(work, 'MAINTAINERS'),
               os.path.join(root, 'MAINTAINERS'), capture=True)
    write(os.path.join(work, 'MAINTAINERS'), text)
    commit('core')

    # 2.-4. the features, in order; Kconfig and Makefile regain their parts.
    for i, (fname, syms, pat, fl) in enumerate(features):
        k = read(os.path.join(root, LRNG + 'Kconfig'))
        mk = read(os.path.join(root, LRNG + 'Makefile'))
        for later in features[i + 1:]:
            k = kconfig_drop(k, later[1])
            mk = makefile_drop(mk, later[2])
        write(os.path.join(work, LRNG + 'Kconfig'), k)
        write(os.path.join(work, LRNG + 'Makefile'), mk)
        for f in files:
            if feature_owner(f, features) == fname:
                copy(f)
        commit(fname)

    # 5. kselftests
    sel = [f for f in files if f.startswith('tools/testing/selftests/lrng/')]
    if sel:
        for f in sel:
            copy(f)
        p = os.path.join(work, 'tools/testing/selftests/Makefile')
        t = insert_sorted_line(read(p), r'TARGETS \+= [a-z]', 'TARGETS += lrng',
                               lambda l: l.split('+=')[1].strip())
        if t is None:
            sys.exit('series.py: no TARGETS lines in tools/testing/selftests/Makefile')
        write(p, t)
        commit('selftests')

    # 6. documentation
    rst = 'Documentation/admin-guide/lrng.rst'
    abi = 'Documentation/ABI/testing/debugfs-lrng'
    if abi in files:
        copy(abi)
    if rst in files:
        copy(rst)
        p = os.path.join(work, 'Documentation/admin-guide/index.rst')
        t = insert_sorted_line(read(p), r'   [A-Za-z]', '   lrng',
                               lambda l: l.strip().lower())
        write(p, t)
        entries = parameters_entries(read(os.path.join(root, rst)))
        if not entries:
            print('note: no "Entries for kernel-parameters.txt" in ' + rst)
        p = os.path.join(work, 'Documentation/admin-guide/kernel-parameters.txt')
        write(p, insert_parameters(read(p), entries))
        commit('docs')

    leftover = [f for f in files if not os.path.exists(os.path.join(work, f))]
    if leftover:
        sys.exit('series.py: files in no patch: ' + ' '.join(leftover))

    # The series.
    shutil.rmtree(out, ignore_errors=True)
    git('format-patch', '-q', '--cover-letter', '-o', out,
        'HEAD~%d..HEAD' % count_commits(work, env))
    cover_letter(out, root, ksrc, work, env, features)
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


def kconfig_options(kconfig):
    """(symbol, prompt) of every option with a prompt."""
    opts = []
    for m in re.finditer(r'^config (\w+)\n\t(?:bool|tristate|int|hex|string)'
                         r' "([^"]*)"', kconfig, re.M):
        opts.append((m.group(1), m.group(2)))
    return opts


def cover_letter(out, root, ksrc, work, env, features):
    cl = os.path.join(out, '0000-cover-letter.patch')
    text = read(cl)
    opts = kconfig_options(read(os.path.join(root, LRNG + 'Kconfig')))
    optlines = '\n'.join('  CONFIG_%-40s %s' % (s, p) for s, p in opts)
    blurb = """\
The Linux Random Number Generator (LRNG) for Linux %(ver)s: a drop-in
replacement of drivers/char/random.c, selected with CONFIG_LRNG=y. With
CONFIG_LRNG=n the kernel builds and behaves as before (random.o is built
only then). The user space ABI and the in-kernel API of random.c are
kept; the LRNG seeds a ChaCha20 DRNG in stages from an interrupt, a CPU,
a Jitter RNG and an auxiliary entropy source, designed for NIST
SP800-90A/B/C. Documentation/admin-guide/lrng.rst (patch %(docs)s) is the
administrator's guide: design, data flow, every option and parameter.

The series applies to Linux %(ver)s (tested on Debian's linux-source-6.12)
with "git am" or "patch -p1", e.g.
  cd linux-6.12 && git am /path/to/patches/00*.patch
  cd linux-6.12 && for p in /path/to/patches/0[0-9][0-9][1-9]-*.patch; do
          patch -p1 < "$p"; done
Each patch builds on its own.

Options (drivers/char/lrng/Kconfig; all but LRNG depend on it):
%(opts)s

Tested with the project's harness ("make test"): the LRNG and the stock
kernel are booted in QEMU and run the KUnit suites (patch %(kunit)s), the
kselftests (patch %(sel)s) and the vDSO getrandom selftest; the series is
applied to a pristine tree and built, and drivers/char/lrng/ is compiled
with Debian's 6.12 amd64 configuration plus CONFIG_LRNG=y.""" % {
        'ver': kversion(ksrc), 'opts': optlines,
        'docs': patch_no(work, env, MESSAGES['docs'][0]),
        'kunit': patch_no(work, env, MESSAGES['kunit'][0]),
        'sel': patch_no(work, env, MESSAGES['selftests'][0])}
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
