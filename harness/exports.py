#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Export parity of the LRNG with random.c (make test, distro kernel).

usage: exports.py RANDOM_I MODULE_SYMVERS ALLOW LRNG_OBJ...

RANDOM_I        drivers/char/random.c preprocessed with the distro config
                (make drivers/char/random.i): its EXPORT_SYMBOL*() are the
                asm blocks of include/linux/export.h, one
                "__export_symbol_NAME: ; .asciz LICENSE ; .ascii NS" each,
                so macros (get_random_u8 ... u64) and #if branches
                (add_vmfork_randomness only for a modular VMGENID) are
                already resolved.
MODULE_SYMVERS  the LRNG build's Module.symvers (modpost: symbol, module,
                EXPORT_SYMBOL or EXPORT_SYMBOL_GPL, namespace).
ALLOW           exports of the LRNG that random.c does not have, one
                "symbol type namespace" a line (namespace "-" for none).
LRNG_OBJ        the LRNG's objects; nm finds their __export_symbol_*.

Every export of random.c must be in Module.symvers with the same type and
namespace; every export of the LRNG's objects must be one of random.c's or
listed in ALLOW with the type and namespace Module.symvers has. Prints a
table and, last, a one-line summary; exits 1 on any difference.
"""

import re
import subprocess
import sys

EXPORT_RE = re.compile(
    r'__export_symbol_(\w+):\s*;\s*\.asciz\s*\\"([^"\\]*)\\"\s*;'
    r'\s*\.ascii\s*\\"([^"\\]*)\\"')


def export_type(lic):
    return 'EXPORT_SYMBOL_GPL' if lic == 'GPL' else 'EXPORT_SYMBOL'


def random_exports(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        text = f.read()
    return {m.group(1): (export_type(m.group(2)), m.group(3) or '-')
            for m in EXPORT_RE.finditer(text)}


def symvers(path):
    out = {}
    with open(path, encoding='utf-8') as f:
        for line in f:
            cols = line.rstrip('\n').split('\t')
            if len(cols) < 4:
                continue
            ns = cols[4] if len(cols) > 4 and cols[4] else '-'
            out[cols[1]] = (cols[3], ns)
    return out


def allowed(path):
    out = {}
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.split('#', 1)[0].split()
            if len(line) == 3:
                out[line[0]] = (line[1], line[2])
    return out


def lrng_exports(objs):
    syms = set()
    for obj in objs:
        res = subprocess.run(['nm', '-P', obj], capture_output=True,
                             text=True, check=True)
        for line in res.stdout.splitlines():
            name = line.split(' ', 1)[0]
            if name.startswith('__export_symbol_'):
                syms.add(name[len('__export_symbol_'):])
    return syms


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    rnd = random_exports(sys.argv[1])
    sv = symvers(sys.argv[2])
    allow = allowed(sys.argv[3])
    lrng = lrng_exports(sys.argv[4:])
    if not rnd:
        print('ERROR: no exports found in ' + sys.argv[1])
        return 1
    if not lrng:
        print('ERROR: no exports found in the LRNG objects')
        return 1
    rows = []
    problems = []
    for sym in sorted(rnd):
        want = rnd[sym]
        have = sv.get(sym) if sym in lrng else None
        if have is None:
            problems.append('MISSING %s %s' % (sym, ' '.join(want)))
            res = 'MISSING'
        elif have != want:
            problems.append('TYPE %s: random.c %s, LRNG %s' %
                            (sym, ' '.join(want), ' '.join(have)))
            res = 'TYPE'
        else:
            res = 'ok'
        rows.append((sym, ' '.join(want), ' '.join(have) if have else '-',
                     res))
    extra = sorted(lrng - set(rnd))
    for sym in extra:
        have = sv.get(sym)
        if have is None:
            problems.append('ERROR: %s not in Module.symvers' % sym)
            res = 'not in Module.symvers'
        elif allow.get(sym) != have:
            problems.append('EXTRA %s %s (not in %s)' %
                            (sym, ' '.join(have), sys.argv[3]))
            res = 'EXTRA'
        else:
            res = 'ok (allowed extra)'
        rows.append((sym, '-', ' '.join(have) if have else '-', res))
    print('%-34s %-20s %-46s %s' % ('symbol', 'random.c', 'LRNG', 'result'))
    for row in rows:
        print('%-34s %-20s %-46s %s' % row)
    for line in problems:
        print(line)
    print('%d random.c exports all matched, %d LRNG exports, %d allowed extra'
          % (len(rnd), len(lrng), len(extra)) if not problems else
          '%d differences' % len(problems))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
