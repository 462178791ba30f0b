#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Print the tree's MAINTAINERS with the repo's entry inserted.

usage: maintainers.py TREE_MAINTAINERS ENTRY_FILE

The entry goes before the first section whose title sorts after it. When a
section with the same title already exists it is replaced, so the output is
the same however often this runs.
"""
import re
import sys

SECTION_LINE = re.compile(r'^[A-Z]:\t')


def main():
    tree = open(sys.argv[1], encoding='utf-8').read().split('\n')
    entry = open(sys.argv[2], encoding='utf-8').read().strip('\n').split('\n')
    title = entry[0]

    # Section titles: a line followed by "X:\t..." lines, after the header.
    starts = [i for i in range(1, len(tree) - 1)
              if tree[i] and not SECTION_LINE.match(tree[i])
              and tree[i - 1] == '' and SECTION_LINE.match(tree[i + 1])]
    if not starts:
        sys.exit('no sections found in ' + sys.argv[1])

    # Drop an existing section of the same title.
    for i in starts:
        if tree[i] == title:
            end = i + 1
            while end < len(tree) and tree[end] != '':
                end += 1
            del tree[i:end + 1]
            return main_insert(tree, entry, title)
    return main_insert(tree, entry, title)


def main_insert(tree, entry, title):
    starts = [i for i in range(1, len(tree) - 1)
              if tree[i] and not SECTION_LINE.match(tree[i])
              and tree[i - 1] == '' and SECTION_LINE.match(tree[i + 1])]
    # MAINTAINERS is mostly, not strictly, sorted: take the slot with the
    # fewest titles out of order around it.
    key = title.upper()
    greater_before = 0
    less_after = sum(1 for i in starts if tree[i].upper() < key)
    best, pos = None, None
    for i in starts:
        cost = greater_before + less_after
        if best is None or cost < best:
            best, pos = cost, i
        if tree[i].upper() > key:
            greater_before += 1
        elif tree[i].upper() < key:
            less_after -= 1
    if greater_before + less_after < best:
        pos = None
    if pos is None:
        # After the last section.
        pos = starts[-1]
        while pos < len(tree) and tree[pos] != '':
            pos += 1
        out = tree[:pos] + [''] + entry + tree[pos:]
    else:
        out = tree[:pos] + entry + [''] + tree[pos:]
    sys.stdout.write('\n'.join(out))


if __name__ == '__main__':
    main()
