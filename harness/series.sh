# SPDX-License-Identifier: GPL-2.0
# Patch series, Debian-config compile and kernel-doc checks of the LRNG
# harness. Sourced by harness/harness.sh after lib.sh (uses pass/fail).
#
#   make_patch       build/patches/: the series (harness/series.py)
#   kerneldoc_check  scripts/kernel-doc -none on the LRNG's C files
#   sphinx_check     lrng.rst alone through sphinx-build -W
#   series_checks    the series applied to a pristine KSRC copy with git am
#                    and patch -p1, compared with build/linux; every patch
#                    through checkpatch --strict and every patch that
#                    changes the kernel built (vmlinux)
#   debian_check     drivers/char/lrng/ with W=1 and Debian's 6.12 amd64
#                    config plus the LRNG options
#
# Layout: build/patches/ (the series), build/series/ (scratch trees:
# git/ the repo make patch commits in, am/ and p1/ the application
# checks, linux/ + obj-lrng/ the kept build tree of the patch-by-patch
# builds, stamps/), build/obj-debian/ (O= dir of the Debian config).

PATCHDIR=$B/patches
SERIES=$B/series
DEBIAN_CONFIG=/usr/src/linux-config-6.12/config.amd64_none_amd64.xz

make_patch() {
	resolve_ksrc
	msg "patch series for $KSRC -> build/patches/"
	python3 "$ROOT/harness/series.py" "$ROOT" "$KSRC" "$SERIES/git" "$PATCHDIR"
}

# The patches of the series, cover letter excluded, in order.
series_patches() {
	find "$PATCHDIR" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' \
		! -name '0000-*' | sort
}

# Files a patch (or patches) touches, old and new names.
series_files() {
	sed -n -e 's/^+++ b\/\([^\t ]*\).*/\1/p' -e 's/^--- a\/\([^\t ]*\).*/\1/p' "$@" |
		sort -u
}

# pristine_copy DIR FILES...: DIR = hardlink copy of KSRC whose FILES are
# real copies (so writing them never reaches KSRC).
pristine_copy() {
	local dir=$1 f
	shift
	rm -rf "$dir"
	mkdir -p "$(dirname "$dir")"
	cp -al "$KSRC" "$dir" 2>/dev/null || { rm -rf "$dir"; cp -a "$KSRC" "$dir"; }
	rm -f "$dir/.harness-unpacked"
	for f in "$@"; do
		[ -f "$KSRC/$f" ] && cp --remove-destination "$KSRC/$f" "$dir/$f"
	done
	return 0
}

# Project files of a tree (relative paths), as the harness syncs them.
project_files() {
	(cd "$1" && find drivers/char/lrng include/linux/lrng.h \
		Documentation/admin-guide/lrng.rst \
		Documentation/ABI/testing/debugfs-lrng "$SELFTEST_REL" \
		drivers/char/Kconfig drivers/char/Makefile MAINTAINERS \
		include/linux/random.h kernel/sched/core.c \
		-type f ! -name '*.o' ! -name '.*.cmd' ! -name '*.orig' \
		! -name '*.rej' 2>/dev/null) | sort
}

# Check 1: git am on a pristine copy of KSRC and patch -p1 on pristine
# copies of the files the series changes; equal results, and the project
# files equal to build/linux.
series_apply_check() {
	local name="patch series: git am and patch -p1 on pristine $(basename "$KSRC")"
	local patches files f log=$LOGS/series-apply.log t0=$SECONDS
	mapfile -t patches < <(series_patches)
	files=$(series_files "${patches[@]}")
	: >"$log"
	# git am in a scratch repo in $SERIES/linux, the kept hardlink copy of
	# KSRC (also the tree of the builds below): the files the series
	# changed last time are put back to KSRC's first. The repo tracks the
	# files the series changes (all git am reads).
	series_reset_tree $files
	local existing=()
	for f in $files; do [ -f "$KSRC/$f" ] && existing+=("$f"); done
	if ! (cd "$SERIES/linux" && export GIT_CONFIG_NOSYSTEM=1 HOME=$SERIES \
		GIT_AUTHOR_NAME=harness GIT_AUTHOR_EMAIL=harness@localhost \
		GIT_COMMITTER_NAME=harness GIT_COMMITTER_EMAIL=harness@localhost &&
		git init -q && git add -f -- "${existing[@]}" &&
		git commit -q -m pristine && git am -q "${patches[@]}") >>"$log" 2>&1; then
		rm -rf "$SERIES/linux/.git"
		fail "$name" "git am failed: $(grep -m1 -E 'error|failed|patch does not apply' "$log" | cut -c1-140) (log: build/logs/series-apply.log)"
		return 1
	fi
	# No .git in the build tree (setlocalversion would add a "+").
	rm -rf "$SERIES/linux/.git"
	# patch -p1 reads and writes only the files named in the patches: a
	# copy of those is enough.
	rm -rf "$SERIES/p1"
	mkdir -p "$SERIES/p1"
	for f in "${existing[@]}"; do
		mkdir -p "$SERIES/p1/$(dirname "$f")"
		cp "$KSRC/$f" "$SERIES/p1/$f"
	done
	for f in "${patches[@]}"; do
		if ! patch -p1 -d "$SERIES/p1" --batch --forward --no-backup-if-mismatch \
			-s -i "$f" >>"$log" 2>&1; then
			fail "$name" "patch -p1 failed at $(basename "$f"): $(head -1 "$log" | cut -c1-120)"
			return 1
		fi
	done
	local bad=()
	for f in $files; do
		cmp -s "$SERIES/linux/$f" "$SERIES/p1/$f" || bad+=("$f")
	done
	if [ ${#bad[@]} -gt 0 ]; then
		fail "$name" "git am and patch -p1 differ in ${bad[*]:0:3}"
		return 1
	fi
	# The project files must be those of build/linux. Files git ignores
	# in the repo (none in a clean checkout) are not in the series.
	local want got
	want=$(project_files "$TREE" | { git -C "$ROOT" check-ignore --no-index \
		-v -n --stdin 2>/dev/null | sed -n 's/^::\t//p'; } || true)
	[ -n "$want" ] || want=$(project_files "$TREE")
	got=$(project_files "$SERIES/linux")
	if [ "$want" != "$got" ]; then
		fail "$name" "file sets differ from build/linux: $(diff <(echo "$want") <(echo "$got") | grep '^[<>]' | head -3 | tr '\n' ' ')"
		return 1
	fi
	for f in $got; do
		cmp -s "$TREE/$f" "$SERIES/linux/$f" || bad+=("$f")
	done
	if [ ${#bad[@]} -gt 0 ]; then
		fail "$name" "differs from build/linux: ${bad[*]:0:3}"
		return 1
	fi
	rm -rf "$SERIES/p1"
	pass "$name: ${#patches[@]} patches, same files, equal to build/linux ($((SECONDS - t0))s)"
}

# kernel_patch PATCH HOOK N: does PATCH, number N, change what the kernel
# build sees? Not when it changes only documentation, tools/ or
# MAINTAINERS, nor when it comes before patch HOOK, the one that builds
# drivers/char/lrng/, and only adds files that KSRC lacks (no file of KSRC
# refers to them).
kernel_patch() {
	local f
	for f in $(series_files "$1" | grep -vE '^(Documentation/|tools/|MAINTAINERS$)'); do
		[ "$3" -ge "$2" ] && return 0
		[ -e "$KSRC/$f" ] && return 0
	done
	return 1
}

# The number of the first patch that changes drivers/char/Makefile (the
# one that builds the LRNG), or 1.
hook_patch() {
	local i=0 p
	for p in "$@"; do
		i=$((i + 1))
		grep -q '^+++ b/drivers/char/Makefile' "$p" && { echo $i; return; }
	done
	echo 1
}

# series_reset_tree FILES...: $SERIES/linux = pristine KSRC, FILES (and
# those of the last run) as real copies, files KSRC lacks removed. Made
# with hardlinks on the first run or when KSRC changed.
series_reset_tree() {
	local f
	if [ ! -f "$SERIES/linux/Makefile" ] ||
		[ "$(cat "$SERIES/linux.ksrc" 2>/dev/null)" != "$KSRC" ]; then
		rm -rf "$SERIES/obj-lrng" "$SERIES/stamps"
		pristine_copy "$SERIES/linux" "$@"
		echo "$KSRC" >"$SERIES/linux.ksrc"
	else
		rm -rf "$SERIES/linux/.git"
		for f in "$@" $(cat "$SERIES/linux.files" 2>/dev/null); do
			if [ -f "$KSRC/$f" ]; then
				cp --remove-destination "$KSRC/$f" "$SERIES/linux/$f"
			else
				rm -f "$SERIES/linux/$f"
			fi
		done
	fi
	printf '%s\n' "$@" >"$SERIES/linux.files"
}

# series_stage N: bring $SERIES/linux to pristine KSRC + patches 1..N
# (only files whose content changes are rewritten).
series_stage() {
	local n=$1 tmp f i=0 p
	local all=() upto=()
	mapfile -t all < <(series_patches)
	for p in "${all[@]}"; do
		i=$((i + 1))
		[ $i -le "$n" ] && upto+=("$p")
	done
	tmp=$(mktemp -d)
	local files
	files=$(series_files "${all[@]}")
	for f in $files; do
		if [ -f "$KSRC/$f" ]; then
			mkdir -p "$tmp/$(dirname "$f")"
			cp "$KSRC/$f" "$tmp/$f"
		fi
	done
	for p in "${upto[@]}"; do
		patch -p1 -d "$tmp" --batch --forward --no-backup-if-mismatch -s \
			-i "$p" >/dev/null 2>&1 || { rm -rf "$tmp"; return 1; }
	done
	for f in $files $(cat "$SERIES/linux.files" 2>/dev/null); do
		if [ -f "$tmp/$f" ]; then
			install_if_changed "$tmp/$f" "$SERIES/linux/$f" >/dev/null
		elif [ -f "$KSRC/$f" ]; then
			install_if_changed "$KSRC/$f" "$SERIES/linux/$f" >/dev/null
		else
			rm -f "$SERIES/linux/$f"
		fi
	done
	echo "$files" >"$SERIES/linux.files"
	rm -rf "$tmp"
}

# Check 2: every patch that changes the kernel gives a kernel that builds
# (vmlinux, the test VM's config). The last such patch is built with the
# whole series, first (its objects are ccache hits of build/obj-lrng: same
# relative layout), then the earlier ones, each an incremental build.
# The patches before the hook patch add code that nothing builds yet:
# their drivers/char/lrng/ is compiled (not linked) with the hook's lines
# of drivers/char/Kconfig and Makefile taken from build/linux. A stage
# whose patches and config did not change since it passed is not rebuilt.
series_build_check() {
	local name="patch series: each patch builds (vmlinux, test VM config)"
	local all=() kp=() cp=() i=0 p last n stamp done_list="" t0=$SECONDS ts
	mapfile -t all < <(series_patches)
	local hook
	hook=$(hook_patch "${all[@]}")
	for p in "${all[@]}"; do
		i=$((i + 1))
		if kernel_patch "$p" "$hook" "$i"; then
			kp+=("$i")
		elif [ "$i" -lt "$hook" ] && series_files "$p" |
			grep -q '^drivers/char/lrng/'; then
			cp+=("c$i")
		fi
	done
	[ ${#kp[@]} -gt 0 ] || { fail "$name" "no patch changes the kernel"; return 1; }
	last=${kp[-1]}
	mkdir -p "$SERIES/stamps"
	local order=("$last" "${cp[@]}" "${kp[@]:0:${#kp[@]}-1}")
	for n in "${order[@]}"; do
		local upto=${n#c} log target=vmlinux what=building f
		[ "$n" = "$last" ] && upto=${#all[@]}
		[ "$n" != "$upto" ] && [ "$n" != "$last" ] &&
			target=drivers/char/lrng/ what=compiling
		log=$LOGS/series-build-$n.log
		stamp=$( { cat "${all[@]:0:$upto}" "$FRAGMENT" "$MODULES_FRAGMENT"; echo "$KSRC"; gcc --version
			[ $target = vmlinux ] || cat "$TREE/drivers/char/Kconfig" "$TREE/drivers/char/Makefile"; } |
			sha256sum | cut -d' ' -f1)
		if [ "$(cat "$SERIES/stamps/$n" 2>/dev/null)" = "$stamp" ]; then
			done_list="$done_list $n(unchanged)"
			continue
		fi
		rm -f "$SERIES/stamps/$n"
		if ! series_stage "$upto"; then
			fail "$name" "patches 1-$upto do not apply with patch -p1"
			return 1
		fi
		if [ $target != vmlinux ]; then
			for f in drivers/char/Kconfig drivers/char/Makefile; do
				install_if_changed "$TREE/$f" "$SERIES/linux/$f" >/dev/null
			done
		fi
		msg "$what the series tree with patches 1-$upto ($target, log: build/logs/series-build-$n.log)"
		ts=$SECONDS
		# configure_kernel and kmake on the series tree and its O= dir.
		if ! (TREE=$SERIES/linux LOGS=$LOGS/series; mkdir -p "$LOGS"
			objdir() { echo "$SERIES/obj-$1"; }
			configure_kernel lrng >"$log" 2>&1
			exec 9>"$KBUILD_LOCK"
			flock 9
			kmake "$SERIES/obj-lrng" $target >>"$log" 2>&1); then
			fail "$name" "patches 1-$upto: $(grep -m1 -E 'error:|undefined reference|\*\*\*|ERROR' "$log" | cut -c1-150) (log: build/logs/series-build-$n.log)"
			return 1
		fi
		echo "$stamp" >"$SERIES/stamps/$n"
		done_list="$done_list $n($((SECONDS - ts))s)"
		if [ "$n" = "$last" ] && [ -f "$B/obj-lrng/.config" ] &&
			! cmp -s "$SERIES/obj-lrng/.config" "$B/obj-lrng/.config"; then
			info "note: the series tree's .config differs from build/obj-lrng/.config"
		fi
	done
	local before=""
	[ ${#cp[@]} -gt 0 ] && before="; cN: drivers/char/lrng/ compiled only"
	pass "$name: patches$done_list$before ($((SECONDS - t0))s)"
}

# Check 3: checkpatch --strict on every patch (--no-signoff when the series
# is not signed off). "Does MAINTAINERS need updating?" is not a finding
# when every file the patch adds is under an F: path that the series'
# MAINTAINERS entry had before it. Patches over 1000 lines are named.
series_checkpatch() {
	local name="patch series: checkpatch --strict on every patch"
	local cp=$KSRC/scripts/checkpatch.pl p out bad=() big=() n=0 opts
	local covered=() f g ok
	[ -f "$cp" ] || cp=$TREE/scripts/checkpatch.pl
	for p in $(series_patches); do
		n=$((n + 1))
		opts=(--strict --no-tree -q)
		grep -q '^Signed-off-by:' "$p" || opts+=(--no-signoff)
		ok=1
		for f in $(awk '/^diff --git /{f=$4; sub(/^b\//, "", f)}
				/^new file mode/{print f}' "$p"); do
			local cov=0
			for g in "${covered[@]}"; do
				[[ $f == "$g" || ($g == */ && $f == "$g"*) ]] && cov=1
			done
			[ $cov = 1 ] || ok=0
		done
		[ $ok = 1 ] && opts+=(--ignore FILE_PATH_CHANGES)
		out=$(perl "$cp" "${opts[@]}" "$p" 2>&1) || bad+=("$(basename "$p"): $(echo "$out" | grep -m1 -E '^(ERROR|WARNING|CHECK)')")
		[ -n "$out" ] && echo "$out" >>"$LOGS/series-checkpatch.log"
		# The F: lines of the LRNG entry after this patch (the series
		# changes no other entry).
		mapfile -t -O ${#covered[@]} covered < <(sed -n 's/^+F:\t//p' "$p")
		[ "$(wc -l <"$p")" -gt 1000 ] && big+=("$n")
	done
	[ ${#big[@]} -eq 0 ] || info "note: patches over 1000 lines: ${big[*]}"
	if [ ${#bad[@]} -gt 0 ]; then
		fail "$name" "${#bad[@]} patch(es), first: ${bad[0]:0:160} (log: build/logs/series-checkpatch.log)"
	else
		pass "$name: $n patches clean"
	fi
}

series_checks() {
	local t0=$SECONDS
	msg "patch series: make patch, apply to pristine copies, build (logs: build/logs/series-*.log)"
	resolve_ksrc
	if ! make_patch >"$LOGS/series-make.log" 2>&1; then
		fail "patch series: make patch" "$(grep -m1 -E 'series.py|error|fatal' "$LOGS/series-make.log" | cut -c1-160) (log: build/logs/series-make.log)"
		fail "patch series: each patch builds" "not run: make patch failed"
		return 0
	fi
	grep '^note:' "$LOGS/series-make.log" | sed 's/^/    /' || true
	: >"$LOGS/series-checkpatch.log"
	series_checkpatch
	if series_apply_check; then
		series_build_check || true
	else
		fail "patch series: each patch builds" "not run: the series does not apply"
	fi
	info "patch series checks took $((SECONDS - t0)) s"
}

# ------------------------------------------------------------------ Debian config
# The LRNG options turned on over Debian's config (every bool, so every
# #ifdef branch compiles); the KUnit tests as a module when KUnit is there.
DEBIAN_LRNG_OPTIONS="CONFIG_LRNG=y
CONFIG_LRNG_IRQ=y
CONFIG_LRNG_CONTINUOUS_COMPRESSION=y
CONFIG_LRNG_SWITCHABLE_CONTINUOUS_COMPRESSION=y
CONFIG_LRNG_SCHED=y
CONFIG_LRNG_JENT=y
CONFIG_LRNG_RUNTIME_ES_CONFIG=y
CONFIG_LRNG_RUNTIME_MAX_WO_RESEED_CONFIG=y
CONFIG_LRNG_OVERSAMPLE_ENTROPY_SOURCES=y
CONFIG_LRNG_TEST_CPU_ES_COMPRESSION=y
CONFIG_LRNG_HEALTH_TESTS=y
CONFIG_LRNG_HEALTH_TESTS_PANIC=y
CONFIG_LRNG_TESTING_MENU=y
CONFIG_LRNG_RAW_HIRES_ENTROPY=y
CONFIG_LRNG_RAW_SCHED_HIRES_ENTROPY=y
CONFIG_LRNG_RAW_JIFFIES_ENTROPY=y
CONFIG_LRNG_RAW_IRQ_ENTROPY=y
CONFIG_LRNG_RAW_IRQFLAGS_ENTROPY=y
CONFIG_LRNG_RAW_RETIP_ENTROPY=y
CONFIG_LRNG_RAW_REGS_ENTROPY=y
CONFIG_LRNG_RAW_ARRAY=y
CONFIG_LRNG_IRQ_PERF=y
CONFIG_LRNG_RAW_JENT_ENTROPY=y
CONFIG_LRNG_ACVT_HASH=y
CONFIG_LRNG_TEST_HEALTH_STUCK=y
CONFIG_LRNG_SWITCH=y
CONFIG_LRNG_DRBG=m
CONFIG_LRNG_KCAPI=m"

debian_check() {
	local name="Debian 6.12 amd64 config + LRNG: W=1 build of drivers/char/lrng/"
	local obj=$B/obj-debian t0=$SECONDS want stamp
	msg "drivers/char/lrng/ with Debian's config (O=build/obj-debian, log: build/logs/debian-*.log)"
	if [ ! -f "$DEBIAN_CONFIG" ]; then
		local sudo=
		[ "$(id -u)" -eq 0 ] || sudo=sudo
		info "installing linux-config-6.12"
		DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
			--no-install-recommends linux-config-6.12 >>"$LOGS/apt.log" 2>&1 ||
			{ DEBIAN_FRONTEND=noninteractive $sudo apt-get update -qq >>"$LOGS/apt.log" 2>&1 &&
			  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
			  --no-install-recommends linux-config-6.12 >>"$LOGS/apt.log" 2>&1; } || true
		[ -f "$DEBIAN_CONFIG" ] || { fail "$name" "$DEBIAN_CONFIG missing (apt-get install linux-config-6.12 failed, log: build/logs/apt.log)"; return 0; }
	fi
	mkdir -p "$obj"
	want=$DEBIAN_LRNG_OPTIONS
	if xz -dc "$DEBIAN_CONFIG" | grep -qE '^CONFIG_KUNIT=[ym]'; then
		want="$want
CONFIG_LRNG_KUNIT_TEST=m"
	else
		info "note: Debian's config has no KUnit: CONFIG_LRNG_KUNIT_TEST not built"
	fi
	stamp=$( { xz -dc "$DEBIAN_CONFIG"; echo "$want"; cat "$TREE/drivers/char/Kconfig" \
		"$TREE"/drivers/char/lrng/Kconfig 2>/dev/null; echo "$KSRC"; } | sha256sum | cut -d' ' -f1)
	if [ "$(cat "$obj/.harness-config-stamp" 2>/dev/null)" != "$stamp" ] ||
		[ ! -f "$obj/.config" ]; then
		rm -f "$obj/.harness-config-stamp"
		{ xz -dc "$DEBIAN_CONFIG"; echo "$want"; } >"$obj/.config"
		if ! kmake "$obj" olddefconfig >"$LOGS/debian-config.log" 2>&1; then
			fail "$name" "olddefconfig failed (log: build/logs/debian-config.log)"
			return 0
		fi
		echo "$stamp" >"$obj/.harness-config-stamp"
	fi
	config_has_all "$name" "$obj" "$want" || return 0
	w1_lrng_build "$name" "$obj" debian "$t0" kmake "$obj"
}

# config_has_all NAME OBJ LINES: fails NAME (and returns 1) unless every
# line of LINES is in OBJ/.config.
config_has_all() {
	local l missing=()
	while read -r l; do
		grep -qx "$l" "$2/.config" || missing+=("$l")
	done <<<"$3"
	[ ${#missing[@]} -eq 0 ] && return 0
	fail "$1" "not in .config after olddefconfig: ${missing[*]}"
	return 1
}

# w1_lrng_build NAME OBJ LOG T0 MAKE...: W=1 prepare, then W=1
# drivers/char/lrng/ with the make command MAKE... (for O=OBJ), under the
# build lock; logs build/logs/LOG-prepare.log and LOG-lrng.log. One test
# NAME that fails on any warning. W=1 everywhere in the O= dir (prepare
# too), so flags never change between runs. The LRNG objects are deleted
# so that every warning shows (ccache replays a cached compiler's
# warnings).
w1_lrng_build() {
	local name=$1 obj=$2 ln=$3 t0=$4 rc=0 log=$LOGS/$3-lrng.log
	shift 4
	exec 9>"$KBUILD_LOCK"
	flock 9
	"$@" W=1 prepare >"$LOGS/$ln-prepare.log" 2>&1 || rc=$?
	if [ $rc -eq 0 ]; then
		find "$obj/drivers/char/lrng" -name '*.o' -delete 2>/dev/null || true
		"$@" W=1 drivers/char/lrng/ >"$log" 2>&1 || rc=$?
	fi
	exec 9>&-
	if [ $rc -ne 0 ]; then
		fail "$name" "build failed: $(grep -m1 -E 'error:|Error [0-9]|\*\*\*' "$log" "$LOGS/$ln-prepare.log" 2>/dev/null | sed "s|$B/||g" | cut -c1-170) (logs: build/logs/$ln-prepare.log, $ln-lrng.log)"
	elif grep -q 'warning:' "$log"; then
		fail "$name" "$(grep -c 'warning:' "$log") warning(s), first: $(grep -m1 'warning:' "$log" | sed "s|$B/||g" | cut -c1-170) (log: build/logs/$ln-lrng.log)"
	else
		pass "$name: no warnings, $(find "$obj/drivers/char/lrng" -name '*.o' ! -name '*.mod.o' | wc -l) objects ($((SECONDS - t0))s)"
	fi
}

# ------------------------------------------------------------------ kernel-doc
# scripts/kernel-doc -none (the tree's) on the LRNG's C files and header.
kerneldoc_check() {
	local name="kernel-doc -none drivers/char/lrng/ include/linux/lrng.h"
	local files log=$LOGS/kernel-doc.log
	files=$(cd "$TREE" && find drivers/char/lrng -name '*.[ch]' 2>/dev/null | sort)
	[ -f "$TREE/include/linux/lrng.h" ] && files="$files include/linux/lrng.h"
	if [ -z "$files" ]; then
		fail "$name" "no files"
		return 0
	fi
	(cd "$TREE" && perl scripts/kernel-doc -none $files) >"$log" 2>&1 || true
	# Every exported function (EXPORT_SYMBOL*, not _IF_KUNIT) needs a
	# kernel-doc comment ("name() - ...") in one of the files.
	local sym undoc=() nexp=0
	for sym in $(cd "$TREE" && sed -n 's/^EXPORT_SYMBOL\(_GPL\)\{0,1\}(\([A-Za-z0-9_]*\));.*/\2/p' $files); do
		nexp=$((nexp + 1))
		(cd "$TREE" && grep -qE "^ \* $sym(\(\))? -" $files) || undoc+=("$sym")
	done
	[ ${#undoc[@]} -eq 0 ] ||
		echo "exported without a kernel-doc comment: ${undoc[*]}" >>"$log"
	if grep -qE 'warning|error|exported without' "$log"; then
		fail "$name" "$(grep -cE 'warning|error|exported without' "$log") issue(s), first: $(grep -m1 -E 'warning|error|exported without' "$log" | cut -c1-160) (log: build/logs/kernel-doc.log)"
	else
		pass "$name ($(echo "$files" | wc -w) files, no warnings; all $nexp exported functions documented)"
	fi
}

# ------------------------------------------------------------------ Sphinx
# lrng.rst on its own, with sphinx-build -W (every warning an error): its
# reStructuredText, headings, tables, literal blocks and internal links.
# Of the kernel's Sphinx extensions it needs only kerneldoc, for its
# kernel-doc directives, which read the DOC: blocks from the repository's
# drivers/char/lrng/ (a kernel-doc warning fails the check too).
sphinx_check() {
	local name="Sphinx: Documentation/admin-guide/lrng.rst builds without warnings"
	local d=$B/sphinx log=$LOGS/sphinx.log
	if ! command -v sphinx-build >/dev/null; then
		fail "$name" "sphinx-build not found (python3-sphinx)"
		return 0
	fi
	rm -rf "$d"
	mkdir -p "$d/src"
	cp "$ROOT/Documentation/admin-guide/lrng.rst" "$d/src/index.rst"
	printf 'project = "LRNG"\nhighlight_language = "none"\n' >"$d/src/conf.py"
	printf 'import sys\nsys.path.insert(0, "%s/Documentation/sphinx")\nextensions = ["kerneldoc"]\nkerneldoc_bin = "%s/scripts/kernel-doc"\nkerneldoc_srctree = "%s"\n' \
		"$TREE" "$TREE" "$ROOT" >>"$d/src/conf.py"
	if sphinx-build -q -W --keep-going -b html -d "$d/doctrees" "$d/src" \
		"$d/html" >"$log" 2>&1; then
		pass "$name (build/sphinx/html/index.html)"
	else
		fail "$name" "$(grep -c -E 'WARNING|ERROR' "$log") issue(s), first: $(grep -m1 -E 'WARNING|ERROR' "$log" | cut -c1-160) (log: build/logs/sphinx.log)"
	fi
}
