# SPDX-License-Identifier: GPL-2.0
# The LRNG's KUnit suites run the way kernel developers run them, with the
# kernel's own KUnit tool. Sourced by harness/harness.sh after lib.sh (uses
# pass/fail).
#
#   kunit_tool_check   tools/testing/kunit/kunit.py run
#                      --kunitconfig=drivers/char/lrng in build/linux: a UML
#                      kernel (the tool's default architecture) configured
#                      from drivers/char/lrng/.kunitconfig, built in
#                      build/obj-kunit and run; one check
#
# UML, not QEMU: the suites need no hardware, and UML seeds the LRNG at
# boot from the host's getrandom() (add_bootloader_randomness() in
# setup_arch()), so the cases that need a fully seeded LRNG (lrng_batch,
# lrng_vmfork) run instead of skipping. The vmgenid driver builds on UML
# (VIRT_DRIVERS, VMGENID: no ACPI or device tree needed to build it), so
# lrng_vmfork runs too; it calls add_vmfork_randomness() itself.

KUNIT_OBJ=$B/obj-kunit

kunit_tool_check() {
	local name="KUnit: kunit.py run --kunitconfig=drivers/char/lrng (UML)"
	local log=$LOGS/kunit-tool.log t0=$SECONDS rc=0 summary counts passed bad suites first
	msg "KUnit tool: kunit.py run --kunitconfig=drivers/char/lrng (UML, O=build/obj-kunit, log: build/logs/kunit-tool.log)"
	if [ ! -f "$TREE/drivers/char/lrng/.kunitconfig" ]; then
		fail "$name" "drivers/char/lrng/.kunitconfig missing"
		return 0
	fi
	mkdir -p "$KUNIT_OBJ"
	# The build and the boot under the build lock: the boot of the suites
	# takes a few seconds. ARCH=um is on kunit.py's make command line, so
	# lib.sh's ARCH=x86_64 does not reach the build.
	exec 9>"$KBUILD_LOCK"
	flock 9
	(cd "$TREE" && python3 tools/testing/kunit/kunit.py run \
		--kunitconfig=drivers/char/lrng --build_dir="$KUNIT_OBJ" \
		--jobs="$JOBS" --timeout="$TIMEOUT" \
		--make_options "CC=ccache gcc" --make_options "HOSTCC=ccache gcc") \
		>"$log" 2>&1 || rc=$?
	exec 9>&-
	# "Testing complete. Ran N tests: passed: N[, failed: N][, crashed: N]
	# [, skipped: N][, errors: N]" (kunit_parser.py; zero counts omitted).
	summary=$(sed -n 's/.*Testing complete\. \(Ran [0-9]* tests:.*\)/\1/p' "$log" |
		tail -1 | sed 's/\x1b\[[0-9;]*m//g')
	counts=${summary#*tests:}
	passed=$(echo "$counts" | sed -n 's/.*passed: \([0-9]*\).*/\1/p')
	bad=$(echo "$counts" | { grep -oE '(failed|crashed|skipped|errors): [0-9]+' || true; } |
		paste -sd, - | sed 's/,/, /g')
	# Suites: the top-level headers "=== lrng_batch (4 subtests) ===" (a
	# parameterized case's header has no count).
	suites=$(grep -cE '^\[[0-9:]*\] =+ [A-Za-z0-9_]+ \([0-9]+ subtests?\) =+$' "$log" || true)
	if [ $rc -ne 0 ]; then
		first=$(grep -m1 -E 'error:|Error [0-9]|ERROR|Missing:|\[FAILED\]|\[CRASHED\]' "$log" |
			sed "s|$B/||g" | cut -c1-150 || true)
		fail "$name" "kunit.py exited with $rc${summary:+ ($summary)}${first:+: $first} (log: build/logs/kunit-tool.log)"
	elif [ -z "$summary" ]; then
		fail "$name" "no \"Testing complete\" summary (log: build/logs/kunit-tool.log)"
	elif [ "${passed:-0}" -lt 1 ] || [ -n "$bad" ]; then
		fail "$name" "$summary$(grep -m1 -E '\[(FAILED|CRASHED|SKIPPED)\]' "$log" | sed 's/^\[[0-9:]*\] */, first: /' | cut -c1-100) (log: build/logs/kunit-tool.log)"
	else
		pass "$name: $summary, $suites suites ($((SECONDS - t0))s)"
	fi
	return 0
}
