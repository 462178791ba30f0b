# SPDX-License-Identifier: GPL-2.0
# Shared helpers of the LRNG QEMU harness. Sourced by harness/harness.sh.
#
# Layout under build/ (never committed):
#   build/src/linux-source-6.12/  Debian's 6.12 source, unpacked (default KSRC)
#   build/linux/                  hardlink copy of KSRC + overlay + patches
#   build/obj-lrng/ obj-stock/    O= kernel build dirs (LRNG=y / LRNG=n)
#   build/obj-arm64-lrng/ ...     the same for arm64 (obj-arm64-stock)
#   build/user/                   static guest programs (kselftests, vDSO test)
#   build/user-arm64/             the same for arm64
#   build/arm64-busybox/          Debian's busybox-static:arm64, unpacked
#   build/initramfs/              cpio archives passed with -initrd
#   build/logs/                   every log (build, console, result channel)

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
B=$ROOT/build
TREE=$B/linux
LOGS=$B/logs
USERDIR=$B/user
DEFAULT_KSRC=$B/src/linux-source-6.12
DEBIAN_TARBALL=/usr/src/linux-source-6.12.tar.xz
JOBS=${JOBS:-$(( $(nproc) + 1 ))}
TIMEOUT=${TIMEOUT:-300}
SELFTEST_REL=tools/testing/selftests/lrng
FRAGMENT=$ROOT/$SELFTEST_REL/config
# Merged after FRAGMENT for the distro flavor (BLOCK, VMGENID, PM_SLEEP,
# IA32_EMULATION, MODULES, NUMA, ...), and for the lrng-debug flavor.
DISTRO_FRAGMENT=$ROOT/harness/distro.config
# Merged after FRAGMENT and DISTRO_FRAGMENT for the lrng-debug flavor (make
# test-debug: KASAN, UBSAN, lockdep, ...).
DEBUG_FRAGMENT=$ROOT/harness/debug.config
DRBG_FRAGMENT=$ROOT/harness/drbg.config
# Merged after FRAGMENT and MODULES_FRAGMENT for the arm64 flavors
# (arm64-lrng, arm64-stock): QEMU virt's console, virtio consoles, RTC.
ARM64_FRAGMENT=$ROOT/harness/arm64.config
# The cross toolchain of the arm64 kernels and guest programs
# (gcc-aarch64-linux-gnu, libc6-dev-arm64-cross).
ARM64_CROSS=aarch64-linux-gnu-
# Merged after FRAGMENT for the lrng and stock flavors: MODULES and
# MODULE_UNLOAD, for make bench's kernel module (harness/bench/kmod).
MODULES_FRAGMENT=$ROOT/harness/modules.config
# One kernel build at a time; several work trees on one machine can share a
# lock file by setting KBUILD_LOCK.
KBUILD_LOCK=${KBUILD_LOCK:-$B/.kbuild.lock}

# Debian packages the harness needs. linux-source-6.12 only when KSRC is unset.
PACKAGES="build-essential flex bison bc libelf-dev libssl-dev dwarves cpio
	busybox-static qemu-system-x86 ccache python3 perl rsync sparse patch
	xz-utils binutils coreutils python3-sphinx clang lld llvm openssl
	rng-tools5 ent qemu-system-arm gcc-aarch64-linux-gnu
	libc6-dev-arm64-cross"

# ccache must hit across clones of the repo in other directories (CI clones
# elsewhere on the same machine): paths under the repo are rewritten to
# relative ones and the working directory is not hashed.
export CCACHE_BASEDIR=$ROOT
export CCACHE_NOHASHDIR=1
export KBUILD_BUILD_USER=lrng KBUILD_BUILD_HOST=harness
export PYTHONDONTWRITEBYTECODE=1
# The guest architecture of make run, vm, kernel and initramfs: ARCH=x86_64
# (default) or ARCH=arm64. make test boots both. Every make below names its
# architecture; ARCH itself stays x86_64 for the tools run without one.
HARNESS_ARCH=${ARCH:-x86_64}
export ARCH=x86_64
unset CROSS_COMPILE KBUILD_OUTPUT

mkdir -p "$LOGS"

msg()  { printf '==> %s\n' "$*"; }
info() { printf '    %s\n' "$*"; }
die()  { printf 'ERROR: %s\n' "$*" >&2; exit 1; }

# use_guest_arch ARCH: the guest programs and initramfs of ARCH from now
# on: GUEST_ARCH, USERDIR and TESTS_CPIO (a caller that switches makes
# them local, so that its callees see the switch and its caller does not).
use_guest_arch() {
	case $1 in
	x86_64 | x86)
		GUEST_ARCH=x86_64
		USERDIR=$B/user
		TESTS_CPIO=$B/initramfs/tests.cpio
		;;
	arm64)
		GUEST_ARCH=arm64
		USERDIR=$B/user-arm64
		TESTS_CPIO=$B/initramfs/tests-arm64.cpio
		;;
	*) die "ARCH=$1: use ARCH=x86_64 or ARCH=arm64" ;;
	esac
}
use_guest_arch "$HARNESS_ARCH"

# flavor_arch FLAVOR: arm64 for the arm64 kernels (arm64-lrng,
# arm64-stock), x86_64 for every other flavor.
flavor_arch() {
	case $1 in
	arm64-*) echo arm64 ;;
	*) echo x86_64 ;;
	esac
}

# flavor_kind FLAVOR: the flavor without its architecture (arm64-lrng ->
# lrng).
flavor_kind() {
	echo "${1#arm64-}"
}

# ---------------------------------------------------------------- packages
deps() {
	local need=$PACKAGES missing=() p
	[ -n "${KSRC:-}" ] || [ -f "$DEFAULT_KSRC/.harness-unpacked" ] ||
		need="$need linux-source-6.12"
	for p in $need; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
			grep -q '^install ok installed$' || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	msg "installing missing Debian packages: ${missing[*]}"
	local sudo=
	[ "$(id -u)" -eq 0 ] || sudo=sudo
	export DEBIAN_FRONTEND=noninteractive
	$sudo apt-get update -qq >"$LOGS/apt.log" 2>&1 ||
		{ cat "$LOGS/apt.log"; die "apt-get update failed"; }
	$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" \
		>>"$LOGS/apt.log" 2>&1 ||
		{ tail -30 "$LOGS/apt.log"; die "apt-get install failed (log: $LOGS/apt.log)"; }
}

# The arm64 guest's busybox: Debian's busybox-static for arm64, unpacked
# into build/arm64-busybox (installing it would replace the host's amd64
# busybox-static, which the x86_64 guests use). apt-get download needs the
# arm64 architecture in dpkg's list; it is added once, with an apt-get
# update.
ARM64_BUSYBOX=$B/arm64-busybox/bin/busybox
arm64_busybox() {
	[ -x "$ARM64_BUSYBOX" ] && return 0
	local sudo= d=$B/arm64-busybox
	[ "$(id -u)" -eq 0 ] || sudo=sudo
	msg "fetching busybox-static:arm64 (apt-get download, log: build/logs/apt-arm64.log)"
	: >"$LOGS/apt-arm64.log"
	if ! dpkg --print-foreign-architectures | grep -qx arm64; then
		info "adding the arm64 architecture to dpkg (dpkg --add-architecture arm64)"
		{ $sudo dpkg --add-architecture arm64 &&
			$sudo apt-get update -qq; } >>"$LOGS/apt-arm64.log" 2>&1 ||
			{ tail -20 "$LOGS/apt-arm64.log"; die "cannot add the arm64 architecture"; }
	fi
	rm -rf "$d"
	mkdir -p "$d/deb"
	(cd "$d/deb" && apt-get download busybox-static:arm64) \
		>>"$LOGS/apt-arm64.log" 2>&1 ||
		{ tail -20 "$LOGS/apt-arm64.log"; die "apt-get download busybox-static:arm64 failed"; }
	dpkg-deb -x "$d"/deb/busybox-static_*_arm64.deb "$d" ||
		die "cannot unpack $(echo "$d"/deb/*.deb)"
	[ -x "$ARM64_BUSYBOX" ] || die "no bin/busybox in busybox-static:arm64"
}

# ---------------------------------------------------------------- source
resolve_ksrc() {
	if [ -n "${KSRC:-}" ]; then
		KSRC=$(cd "$KSRC" 2>/dev/null && pwd) || die "KSRC=$KSRC does not exist"
	else
		KSRC=$DEFAULT_KSRC
		if [ ! -f "$KSRC/.harness-unpacked" ]; then
			[ -f "$DEBIAN_TARBALL" ] || deps
			[ -f "$DEBIAN_TARBALL" ] || die "$DEBIAN_TARBALL missing after installing linux-source-6.12"
			msg "unpacking $DEBIAN_TARBALL into build/src"
			rm -rf "$B/src"
			mkdir -p "$B/src"
			tar -C "$B/src" -xf "$DEBIAN_TARBALL"
			touch "$KSRC/.harness-unpacked"
		fi
	fi
	[ -f "$KSRC/Makefile" ] && [ -f "$KSRC/drivers/char/random.c" ] ||
		die "KSRC=$KSRC is not a Linux source tree"
	local v p
	v=$(sed -n 's/^VERSION = //p' "$KSRC/Makefile" | head -1)
	p=$(sed -n 's/^PATCHLEVEL = //p' "$KSRC/Makefile" | head -1)
	[ "$v.$p" = 6.12 ] || info "warning: KSRC is Linux $v.$p, the project targets 6.12"
	[ ! -f "$KSRC/.config" ] && [ ! -d "$KSRC/include/config" ] ||
		die "KSRC=$KSRC has an in-tree build (.config); run 'make mrproper' there"
}

# Replace $2 by $1 unless identical. --remove-destination breaks a hardlink
# to KSRC instead of writing through it.
install_if_changed() {
	cmp -s "$1" "$2" && return 0
	mkdir -p "$(dirname "$2")"
	cp --remove-destination "$1" "$2"
	info "updated ${2#"$TREE"/}"
}

# Sync a repo path (file or dir) into the tree. Only changed files are
# rewritten (content compare), so unchanged files keep their mtime. When the
# repo lacks the path, the tree gets KSRC's version back (or nothing).
sync_path() {
	local rel=$1 src
	if [ -e "$ROOT/$rel" ]; then
		src=$ROOT/$rel
	elif [ -e "$KSRC/$rel" ]; then
		src=$KSRC/$rel
	else
		[ -e "$TREE/$rel" ] && { rm -rf "${TREE:?}/$rel"; info "removed $rel"; }
		return 0
	fi
	if [ -d "$src" ]; then
		mkdir -p "$TREE/$rel"
		rsync -r --checksum --delete --out-format='    updated %n' \
			--exclude='*.o' --exclude='.*.cmd' --exclude='*.orig' \
			--exclude='*.rej' "$src/" "$TREE/$rel/" >"$LOGS/rsync.log" ||
			die "rsync of $rel failed"
		grep -v '/$' "$LOGS/rsync.log" || true
	else
		install_if_changed "$src" "$TREE/$rel"
	fi
}

# Files touched by a -p1 patch.
patch_files() {
	sed -n 's/^+++ b\/\([^\t ]*\).*/\1/p' "$@" | sort -u
}

prepare_tree() {
	resolve_ksrc
	mkdir -p "$B"
	if [ ! -f "$TREE/Makefile" ] || [ "$(cat "$B/linux.ksrc" 2>/dev/null)" != "$KSRC" ]; then
		msg "copying KSRC=$KSRC to build/linux (hardlinks)"
		rm -rf "$TREE" "$B"/obj-* "$B/linux.ksrc" "$B/linux.patched"
		cp -al "$KSRC" "$TREE" 2>/dev/null || {
			rm -rf "$TREE"
			info "hardlinks not possible, copying"
			cp -a "$KSRC" "$TREE"
		}
		rm -f "$TREE/.harness-unpacked"
		echo "$KSRC" >"$B/linux.ksrc"
	fi

	# Overlay: copied as is.
	sync_path drivers/char/lrng
	sync_path include/linux/lrng.h
	sync_path Documentation/admin-guide/lrng.rst
	sync_path Documentation/ABI/testing/debugfs-lrng
	sync_path "$SELFTEST_REL"

	# Patches: applied to pristine copies of KSRC's files, then installed
	# when the result differs from the tree. Re-running is a no-op; editing
	# or deleting a patch is picked up.
	local patches=() f tmp
	for f in Kconfig.patch Makefile.patch sched.patch; do
		[ -f "$ROOT/$f" ] && patches+=("$ROOT/$f")
	done
	tmp=$(mktemp -d)
	local now=""
	if [ ${#patches[@]} -gt 0 ]; then
		now=$(patch_files "${patches[@]}")
		for f in $now; do
			[ -f "$KSRC/$f" ] || continue
			mkdir -p "$tmp/$(dirname "$f")"
			cp "$KSRC/$f" "$tmp/$f"
		done
		for f in "${patches[@]}"; do
			patch -p1 -d "$tmp" --batch --forward --no-backup-if-mismatch \
				-r - -s <"$f" >"$LOGS/patch.log" 2>&1 || {
				cat "$LOGS/patch.log"
				rm -rf "$tmp"
				die "${f#"$ROOT"/} does not apply to $KSRC"
			}
		done
		for f in $now; do
			install_if_changed "$tmp/$f" "$TREE/$f"
		done
	fi
	# Files patched last time but not any more: back to KSRC's version.
	for f in $(cat "$B/linux.patched" 2>/dev/null); do
		printf '%s\n' $now | grep -qx "$f" && continue
		if [ -f "$KSRC/$f" ]; then
			install_if_changed "$KSRC/$f" "$TREE/$f"
		else
			rm -f "$TREE/$f"
		fi
	done
	printf '%s\n' $now >"$B/linux.patched"

	# MAINTAINERS: the repo's entry inserted in alphabetical position.
	if [ -f "$ROOT/MAINTAINERS" ]; then
		python3 "$ROOT/harness/maintainers.py" "$KSRC/MAINTAINERS" \
			"$ROOT/MAINTAINERS" >"$tmp/MAINTAINERS" ||
			{ rm -rf "$tmp"; die "cannot merge MAINTAINERS"; }
		install_if_changed "$tmp/MAINTAINERS" "$TREE/MAINTAINERS"
	else
		install_if_changed "$KSRC/MAINTAINERS" "$TREE/MAINTAINERS"
	fi
	rm -rf "$tmp"
}

# ---------------------------------------------------------------- kernel
# flavor: lrng (CONFIG_LRNG=y), stock (CONFIG_LRNG not set), both with
# harness/modules.config (MODULES, MODULE_UNLOAD), distro (CONFIG_LRNG=y
# plus harness/distro.config) or lrng-debug (CONFIG_LRNG=y plus
# harness/distro.config and harness/debug.config: KASAN, UBSAN, lockdep,
# ...) or drbg (CONFIG_LRNG=y plus harness/drbg.config: the SP800-90A
# DRBG serves from boot); arm64-lrng and arm64-stock are lrng and stock
# for arm64 (plus harness/arm64.config)
objdir() { echo "$B/obj-$1"; }

# The fragments merged after FRAGMENT for a flavor, one per line, in merge
# order (a later one overrides an earlier one). The debug kernel is the
# distro kernel plus the checkers, so that the extension modules
# (lrng_switch_test) and the NUMA nodes (lrng_numa_test) run under KASAN
# and lockdep too.
flavor_fragment() {
	case $1 in
	lrng-debug) printf '%s\n' "$DISTRO_FRAGMENT" "$DEBUG_FRAGMENT" ;;
	drbg) echo "$DRBG_FRAGMENT" ;;
	distro) echo "$DISTRO_FRAGMENT" ;;
	lrng | stock) echo "$MODULES_FRAGMENT" ;;
	arm64-lrng | arm64-stock) printf '%s\n' "$MODULES_FRAGMENT" "$ARM64_FRAGMENT" ;;
	esac
}

# kmake OBJ ARGS...: make in the O= dir OBJ (build/obj-FLAVOR) for the
# flavor's architecture.
kmake() {
	local obj=$1 arch=(ARCH=x86_64 CC="ccache gcc")
	shift
	[ "$(flavor_arch "${obj##*/obj-}")" = arm64 ] &&
		arch=(ARCH=arm64 CROSS_COMPILE=$ARM64_CROSS CC="ccache ${ARM64_CROSS}gcc")
	make -C "$TREE" O="$obj" "${arch[@]}" HOSTCC="ccache gcc" -j"$JOBS" "$@"
}

# kernel_image FLAVOR: the flavor's boot image (bzImage, arm64's Image).
kernel_image() {
	if [ "$(flavor_arch "$1")" = arm64 ]; then
		echo "$(objdir "$1")/arch/arm64/boot/Image"
	else
		echo "$(objdir "$1")/arch/x86/boot/bzImage"
	fi
}

configure_kernel() {
	local flavor=$1 obj want extra stamp old frags=("$FRAGMENT") more=()
	obj=$(objdir "$flavor")
	mkdir -p "$obj"
	extra=$obj/harness-lrng.config
	mapfile -t more < <(flavor_fragment "$flavor")
	frags+=("${more[@]}")
	if [ "$(flavor_kind "$flavor")" != stock ]; then
		want=y
		echo "CONFIG_LRNG=y" >"$extra.new"
	else
		want=n
		echo "# CONFIG_LRNG is not set" >"$extra.new"
	fi
	install_if_changed "$extra.new" "$extra" >/dev/null
	rm -f "$extra.new"
	stamp=$( { cat "${frags[@]}" "$extra" "$TREE/drivers/char/Kconfig" \
		"$TREE/drivers/char/Makefile"; \
		cat "$TREE"/drivers/char/lrng/Kconfig 2>/dev/null; echo "$KSRC"; } |
		sha256sum | cut -d' ' -f1)
	old=$(cat "$obj/.harness-config-stamp" 2>/dev/null || true)
	if [ "$stamp" != "$old" ] || [ ! -f "$obj/.config" ]; then
		msg "configuring $flavor kernel (allnoconfig + ${frags[*]#"$ROOT"/}, LRNG=$want)"
		rm -f "$obj/.harness-config-stamp"
		# merge_config.sh's allnoconfig runs for ARCH of the environment.
		local arch=(ARCH=x86_64)
		[ "$(flavor_arch "$flavor")" = arm64 ] &&
			arch=(ARCH=arm64 CROSS_COMPILE=$ARM64_CROSS)
		(cd "$TREE" && env "${arch[@]}" scripts/kconfig/merge_config.sh \
			-n -O "$obj" "${frags[@]}" "$extra") \
			>"$LOGS/config-$flavor.log" 2>&1 ||
			{ tail -20 "$LOGS/config-$flavor.log"; die "merge_config.sh failed"; }
		kmake "$obj" olddefconfig >>"$LOGS/config-$flavor.log" 2>&1 ||
			{ tail -20 "$LOGS/config-$flavor.log"; die "olddefconfig failed"; }
		echo "$stamp" >"$obj/.harness-config-stamp"
	fi
	# Loud check of the one symbol that must differ.
	if [ $want = y ]; then
		grep -qx 'CONFIG_LRNG=y' "$obj/.config" || {
			rm -f "$obj/.harness-config-stamp"
			grep -q 'config LRNG$' "$TREE/drivers/char/Kconfig" \
				"$TREE"/drivers/char/lrng/Kconfig 2>/dev/null ||
				die "CONFIG_LRNG=y requested but the symbol does not exist (drivers/char/lrng/Kconfig or Kconfig.patch missing?). Use LRNG=n for the stock kernel."
			die "CONFIG_LRNG=y requested but .config has: $(grep -E 'CONFIG_LRNG[= ]' "$obj/.config" || echo nothing) (unmet dependencies? see $LOGS/config-$flavor.log)"
		}
	else
		! grep -q '^CONFIG_LRNG=' "$obj/.config" ||
			die "CONFIG_LRNG=n requested but .config has $(grep '^CONFIG_LRNG=' "$obj/.config")"
	fi
	# Report (not fail) fragment symbols that did not make it. The debug
	# and distro fragments' symbols are the point of those kernels: a
	# missing one fails the configuration. A line that a later fragment
	# sets again is checked with that fragment only.
	local line sym frag later missing="" i
	for i in "${!frags[@]}"; do
	frag=${frags[$i]}
	while read -r line; do
		case $line in
		CONFIG_*=*) sym=${line%%=*} ;;
		"# CONFIG_"*" is not set") sym=${line#\# }; sym=${sym%% *} ;;
		*) continue ;;
		esac
		[ "$(flavor_kind "$flavor")" = stock ] &&
			case $sym in CONFIG_LRNG*) continue ;; esac
		for later in "${frags[@]:$((i + 1))}"; do
			grep -qE "^$sym=|^# $sym is not set" "$later" && continue 2
		done
		if [[ $line == CONFIG_*=n ]] || [[ $line == "# "* ]]; then
			grep -q "^$sym=" "$obj/.config" && {
				info "note: $line requested, .config has $(grep "^$sym=" "$obj/.config")"
				[ "$frag" = "$FRAGMENT" ] || missing="$missing $sym"
			}
		else
			grep -qx "$line" "$obj/.config" || {
				info "note: $line requested, .config has: $(grep -E "^$sym=|^# $sym is" "$obj/.config" || echo nothing)"
				[ "$frag" = "$FRAGMENT" ] || missing="$missing $sym"
			}
		fi
	done <"$frag"
	done
	if [ -n "$missing" ]; then
		rm -f "$obj/.harness-config-stamp"
		die "$flavor: ${more[*]#"$ROOT"/} options not in .config:$missing (see $LOGS/config-$flavor.log)"
	fi
	return 0
}

build_kernel() {
	local flavor=$1 obj t0 rc=0 kimage
	obj=$(objdir "$flavor")
	kimage=$(kernel_image "$flavor")
	# Subshell: a failed configuration fails this build, not the caller.
	(configure_kernel "$flavor") || return 1
	msg "building $flavor kernel (O=build/obj-$flavor, -j$JOBS, log: build/logs/build-$flavor.log)"
	t0=$SECONDS
	exec 9>"$KBUILD_LOCK"
	flock 9
	# With MODULES (distro, lrng-debug) also the modules: modpost then
	# writes Module.symvers (without, only vmlinux.symvers).
	local targets="${kimage##*/} headers"
	grep -qx 'CONFIG_MODULES=y' "$obj/.config" && targets="$targets modules"
	kmake "$obj" $targets >"$LOGS/build-$flavor.log" 2>&1 || rc=$?
	exec 9>&-
	if [ $rc -ne 0 ]; then
		grep -E 'error:|Error [0-9]|undefined reference|\*\*\*' "$LOGS/build-$flavor.log" |
			head -20 >&2
		echo "kernel build failed (full log: $LOGS/build-$flavor.log)" >&2
		return 1
	fi
	info "built $flavor ${kimage##*/} in $((SECONDS - t0)) s"
}

# ---------------------------------------------------------------- guest user space
# Static test programs for the guest. Headers come from the flavor's O= dir
# (make headers), so the uapi matches the tree. An arm64 flavor's go to
# build/user-arm64 (use_guest_arch arm64), built with the cross gcc.
build_user() {
	local flavor=$1 obj khdr rc=0 cc=gcc march=()
	obj=$(objdir "$flavor")
	khdr="-isystem $obj/usr/include"
	[ "$(flavor_arch "$flavor")" = "$GUEST_ARCH" ] ||
		die "build_user $flavor: the guest programs are $GUEST_ARCH's"
	if [ "$GUEST_ARCH" = arm64 ]; then
		cc=${ARM64_CROSS}gcc
		march=(ARCH=arm64 CROSS_COMPILE=$ARM64_CROSS)
	fi
	mkdir -p "$USERDIR/lrng" "$USERDIR/vdso" "$USERDIR/staging"
	: >"$LOGS/user.log"
	msg "building static guest programs (log: build/logs/user.log)"
	make -C "$TREE/tools/testing/selftests/vDSO" OUTPUT="$USERDIR/vdso" \
		"${march[@]}" CC="$cc -static" KHDR_INCLUDES="$khdr" \
		"$USERDIR/vdso/vdso_test_getrandom" >>"$LOGS/user.log" 2>&1 ||
		{ tail -20 "$LOGS/user.log"; echo "vdso_test_getrandom build failed" >&2; return 1; }
	rm -rf "$USERDIR/staging/lrng"
	: >"$USERDIR/lrng.list"
	if [ -f "$TREE/$SELFTEST_REL/Makefile" ]; then
		make -C "$TREE/$SELFTEST_REL" OUTPUT="$USERDIR/lrng" \
			"${march[@]}" CC="$cc -static" KHDR_INCLUDES="$khdr" all \
			>>"$LOGS/user.log" 2>&1 ||
			{ tail -20 "$LOGS/user.log"; echo "kselftest build failed ($SELFTEST_REL)" >&2; return 1; }
		make -C "$TREE/$SELFTEST_REL" OUTPUT="$USERDIR/lrng" \
			"${march[@]}" CC="$cc -static" KHDR_INCLUDES="$khdr" \
			INSTALL_PATH="$USERDIR/staging/lrng" install >>"$LOGS/user.log" 2>&1 ||
			{ tail -20 "$LOGS/user.log"; echo "kselftest install failed" >&2; return 1; }
		make -s --no-print-directory -C "$TREE/$SELFTEST_REL" \
			"${march[@]}" OUTPUT="$USERDIR/lrng" emit_tests 2>>"$LOGS/user.log" |
			sed -n 's/^[^:]*://p' >"$USERDIR/lrng.list"
	else
		info "no $SELFTEST_REL/Makefile: only vdso_test_getrandom is run"
	fi
	# The distro kernel's guest helper (harness/init, lrng.distro=1); the
	# distro kernel is x86_64's only.
	local progs=("$USERDIR/vdso/vdso_test_getrandom" "$USERDIR/guest/lrng_sample")
	if [ "$GUEST_ARCH" = x86_64 ]; then
		mkdir -p "$USERDIR/distro"
		gcc -static -O2 -Wall -Wextra $khdr -o "$USERDIR/distro/distro_test" \
			"$ROOT/harness/distro/distro_test.c" >>"$LOGS/user.log" 2>&1 ||
			{ tail -20 "$LOGS/user.log"; echo "harness/distro/distro_test.c build failed" >&2; return 1; }
		progs+=("$USERDIR/distro/distro_test")
	fi
	# The output sample's sender (send_sample of harness/init).
	mkdir -p "$USERDIR/guest"
	$cc -static -O2 -Wall -Wextra $khdr -o "$USERDIR/guest/lrng_sample" \
		"$ROOT/harness/guest/lrng_sample.c" >>"$LOGS/user.log" 2>&1 ||
		{ tail -20 "$LOGS/user.log"; echo "harness/guest/lrng_sample.c build failed" >&2; return 1; }
	local f
	for f in "${progs[@]}" $(sed "s|^|$USERDIR/staging/lrng/|" "$USERDIR/lrng.list"); do
		[ -x "$f" ] || { echo "missing test program $f" >&2; return 1; }
		if head -c4 "$f" | grep -q ELF && readelf -l "$f" | grep -q 'program interpreter'; then
			echo "$f is not static (CC=\"$cc -static\" ignored by its Makefile?)" >&2
			return 1
		fi
	done
	return 0
}

gen_init_cpio() {
	local g=$B/tools/gen_init_cpio
	if [ ! -x "$g" ] || [ "$TREE/usr/gen_init_cpio.c" -nt "$g" ]; then
		mkdir -p "$B/tools"
		gcc -O2 -o "$g" "$TREE/usr/gen_init_cpio.c" || die "cannot build gen_init_cpio"
	fi
	echo "$g"
}

# Append gen_init_cpio lines for every file under dir $1 placed at $2.
cpio_tree() {
	local src=$1 dst=$2 p rel mode
	echo "dir $dst 0755 0 0"
	(cd "$src" && find . -mindepth 1 | sort) | while read -r p; do
		rel=${p#./}
		if [ -L "$src/$rel" ]; then
			echo "slink $dst/$rel $(readlink "$src/$rel") 0777 0 0"
		elif [ -d "$src/$rel" ]; then
			echo "dir $dst/$rel 0755 0 0"
		else
			mode=$(stat -c %a "$src/$rel")
			echo "file $dst/$rel $src/$rel $mode 0 0"
		fi
	done
}

# make_initramfs OUT [PAYLOAD_DIR]: for GUEST_ARCH, from USERDIR.
make_initramfs() {
	local out=$1 payload=${2:-} spec g bb
	g=$(gen_init_cpio)
	if [ "$GUEST_ARCH" = arm64 ]; then
		arm64_busybox
		bb=$ARM64_BUSYBOX
	else
		bb=$(command -v busybox || echo /bin/busybox)
	fi
	[ -x "$bb" ] || die "busybox not found (busybox-static)"
	readelf -l "$bb" | grep -q 'program interpreter' && die "$bb is not static: install busybox-static"
	mkdir -p "$(dirname "$out")"
	spec=$out.spec
	{
		echo "dir /dev 0755 0 0"
		echo "nod /dev/console 0600 0 0 c 5 1"
		echo "nod /dev/null 0666 0 0 c 1 3"
		echo "dir /bin 0755 0 0"
		echo "dir /proc 0755 0 0"
		echo "dir /sys 0755 0 0"
		echo "dir /tmp 1777 0 0"
		echo "file /bin/busybox $bb 0755 0 0"
		echo "file /init $ROOT/harness/init 0755 0 0"
		echo "dir /tests 0755 0 0"
		echo "file /tests/vdso_test_getrandom $USERDIR/vdso/vdso_test_getrandom 0755 0 0"
		echo "file /tests/lrng.list $USERDIR/lrng.list 0644 0 0"
		[ "$GUEST_ARCH" = x86_64 ] &&
			echo "file /tests/distro_test $USERDIR/distro/distro_test 0755 0 0"
		echo "file /tests/lrng_sample $USERDIR/guest/lrng_sample 0755 0 0"
		[ -d "$USERDIR/staging/lrng" ] && cpio_tree "$USERDIR/staging/lrng" /tests/lrng
		# The harness's own check that test output cannot forge results
		# (forge_check); not in lrng.list, so only lrng.only= runs it.
		echo "file /tests/lrng/lrng_forge_test $ROOT/harness/guest/lrng_forge_test 0755 0 0"
		if [ -n "${INITRAMFS_MODULES:-}" ]; then
			echo "dir /lib 0755 0 0"
			cpio_tree "$INITRAMFS_MODULES" /lib/modules
		fi
		[ -n "$payload" ] && cpio_tree "$payload" /payload
	} >"$spec"
	"$g" "$spec" >"$out.tmp" || die "gen_init_cpio failed ($spec)"
	mv "$out.tmp" "$out"
}

# ---------------------------------------------------------------- boot
# The distro kernel's disk: 4 MiB raw image (content irrelevant).
DISTRO_DISK=$B/distro-disk.img
distro_disk() {
	[ -f "$DISTRO_DISK" ] && return 0
	head -c 4194304 /dev/urandom >"$DISTRO_DISK.tmp" &&
		mv "$DISTRO_DISK.tmp" "$DISTRO_DISK"
}

# Plus the debug kernel's reports that print neither WARNING: nor BUG: (UBSAN,
# SLUB debug "BUG kmalloc-64 (...)", lockdep "INFO:" lines, RCU stalls,
# expedited ones too, hung tasks, hard lockups); a soft lockup prints
# "BUG: soft lockup".
QEMU_BAD='WARNING:|BUG:|Oops|Kernel panic|Call Trace|UBSAN:|KASAN:|ODEBUG:|'\
'BUG [^ ]+ \(|possible circular locking|possible recursive locking|'\
'inconsistent lock state|sleeping function called from invalid context|'\
'suspicious RCU usage|INFO: trying to register non-static key|'\
'detected stalls? on CPU|detected expedited stalls|self-detected stall|'\
'blocked for more than|hard LOCKUP'

# boot NAME FLAVOR INITRD MODE [extra cmdline...]
# Console -> build/logs/NAME.console.log, result channel (ttyS1) ->
# build/logs/NAME.result.log, output sample (ttyS2, test mode; see
# harness/randomness.sh) -> build/logs/NAME.sample.raw. Returns 0 only with
# a success verdict and a clean console. Sets BOOT_REASON on failure.
# The distro kernel's boot also gets SWAP_DISK, when set: a writable raw
# image as a virtio-blk disk (vda in the guest). With NO_VERDICT=1 the
# guest must go down without a verdict (the first run of the hibernate
# boot, which ends by writing its image): a verdict fails the boot.
boot() {
	local name=$1 flavor=$2 initrd=$3 mode=$4
	shift 4
	local kernel con res raw sample accel rc=0 bad t0 tailpid= mem=512 fork=()
	local qmp=$B/$name.qmp fpid= frc=0
	kernel=$(kernel_image "$flavor")
	# KASAN's shadow takes an eighth of memory, its quarantine more.
	[ "$flavor" = lrng-debug ] && mem=1024
	con=$LOGS/$name.console.log
	res=$LOGS/$name.result.log
	raw=$LOGS/$name.result.raw
	sample=$LOGS/$name.sample.raw
	BOOT_REASON=
	[ -f "$kernel" ] || { BOOT_REASON="no kernel $kernel"; return 1; }
	# Under TCG a guest CPU can stall for tens of seconds when the host
	# is loaded, so its soft-lockup threshold is 60 s instead of 20 s; a
	# real lockup still fails the boot, reported or cut off by TIMEOUT.
	local wd=
	if [ "${KVM:-0}" = 1 ]; then
		accel="-accel kvm -cpu host"
	else
		accel="-accel tcg -cpu max"
		wd=watchdog_thresh=30
	fi
	local bios=() dev=() smp=2
	[ -f /usr/share/qemu/qboot.rom ] && bios=(-bios qboot.rom)
	# The distro kernel and the debug kernel (the distro configuration
	# plus the checkers): two NUMA nodes and a VM generation ID device
	# (for the distro kernel added last, below, with the QMP socket
	# through which harness/vmfork.py gives it a new ID while the guest
	# runs; the debug kernel only binds it). The distro kernel also gets
	# a SCSI disk (a raw image, read only); the debug kernel does not:
	# scanning the virtio-scsi bus is slow under KASAN, and the disk
	# checks run on the distro kernel only. qboot hangs before the kernel
	# starts with -device vmgenid: these boots use the default firmware
	# (SeaBIOS) instead.
	if [ "$flavor" = distro ] || [ "$flavor" = lrng-debug ]; then
		bios=()
		if [ "$flavor" = distro ]; then
			distro_disk || { BOOT_REASON="cannot create $DISTRO_DISK"; return 1; }
			dev=(-device virtio-scsi-pci,id=scsi0
				-drive "if=none,id=d0,file=$DISTRO_DISK,format=raw,readonly=on"
				-device scsi-hd,drive=d0,bus=scsi0.0)
			if [ -n "${SWAP_DISK:-}" ]; then
				dev+=(-drive "if=none,id=swap0,file=$SWAP_DISK,format=raw"
					-device virtio-blk-pci,drive=swap0)
			fi
		fi
		# NUMA_NODES (default 2) NUMA nodes, one CPU each. One socket
		# per node: CPUs of one socket on two nodes make the kernel
		# WARN (topology_sane).
		local n nodes=${NUMA_NODES:-2}
		smp=$nodes,sockets=$nodes,cores=1,threads=1
		for ((n = 0; n < nodes; n++)); do
			dev+=(-object "memory-backend-ram,id=m$n,size=$((mem / nodes))M"
				-numa "node,nodeid=$n,cpus=$n,memdev=m$n")
		done
		[ "$flavor" = lrng-debug ] && dev+=(-device vmgenid,id=vmgenid0)
	fi
	# The arm64 guest (QEMU virt): the console on the PL011 UART, the
	# result channel and the output sample on two virtio consoles, hvc0
	# and hvc1 (lrng.result=, lrng.sample= of harness/init). The CPU is
	# -cpu max, which has RNDR; its pointer authentication is the cheap
	# implementation-defined one (the architected QARMA is slow in TCG).
	# dtb-randomness=off: no rng-seed in the device tree, which arm64
	# credits before it parses random.trust_bootloader; the x86_64 guests
	# get no boot loader seed either.
	local sys=qemu-system-x86_64 tty=ttyS0 chan=(-serial chardev:ser1
		-serial chardev:ser2) chanarg=
	if [ "$(flavor_arch "$flavor")" = arm64 ]; then
		[ "${KVM:-0}" = 1 ] && { BOOT_REASON="KVM=1: the arm64 guest runs in TCG only"; return 1; }
		sys=qemu-system-aarch64
		accel="-M virt,dtb-randomness=off -accel tcg -cpu max,pauth-impdef=on"
		bios=()
		tty=ttyAMA0
		chan=(-device virtio-serial-device
			-device virtconsole,chardev=ser1
			-device virtconsole,chardev=ser2)
		chanarg=" lrng.result=hvc0 lrng.sample=hvc1"
	fi
	local append="console=$tty panic_on_warn=1 oops=panic panic=-1${wd:+ $wd}$chanarg lrng.mode=$mode $*"
	rm -f "$con" "$res" "$raw" "$sample"
	: >"$con"
	if [ "${SHOW_CONSOLE:-0}" = 1 ]; then
		tail -n +1 -f "$con" &
		tailpid=$!
	fi
	# The serial files are appended to: after a VM fork the second QEMU
	# writes to them too.
	local qemu=($sys $accel -smp $smp -m $mem
		-nographic -nodefaults -no-reboot -monitor none "${bios[@]}" "${dev[@]}"
		-kernel "$kernel" -initrd "$initrd" -append "$append"
		-chardev "file,id=ser0,path=$con,append=on" -serial chardev:ser0
		-chardev "file,id=ser1,path=$raw,append=on"
		-chardev "file,id=ser2,path=$sample,append=on" "${chan[@]}")
	# The VM fork (distro_vmfork of harness/init): once the guest asks,
	# the VM moves to a second QEMU with a new vmgenid (vmfork.py), which
	# then runs the guest to its end, bounded by the same TIMEOUT.
	if [ "$flavor" = distro ]; then
		rm -f "$qmp" "$qmp.incoming"
		fork=(-device vmgenid,id=vmgenid0 -qmp "unix:$qmp,server=on,wait=off")
		python3 "$ROOT/harness/vmfork.py" "$raw" "$qmp" "$TIMEOUT" -- \
			"${qemu[@]}" \
			>"$LOGS/$name.vmfork.log" 2>&1 </dev/null &
		fpid=$!
	fi
	echo "${qemu[*]} ${fork[*]}" >"$LOGS/$name.cmd"
	t0=$SECONDS
	timeout -k 10 "$TIMEOUT" "${qemu[@]}" "${fork[@]}" </dev/null \
		>"$LOGS/$name.qemu.log" 2>&1 || rc=$?
	if [ -n "$fpid" ]; then
		wait "$fpid" || frc=$?
		rm -f "$qmp" "$qmp.incoming"
	fi
	BOOT_SECONDS=$((SECONDS - t0))
	if [ -n "$tailpid" ]; then
		sleep 0.3
		kill "$tailpid" 2>/dev/null
		wait "$tailpid" 2>/dev/null
	fi
	tr -d '\r' <"$raw" >"$res" 2>/dev/null || : >"$res"
	bad=$(grep -m1 -aE "$QEMU_BAD" "$con" || true)
	if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
		BOOT_REASON="timeout after ${TIMEOUT}s (raise with TIMEOUT=); last console line: $(tail -n1 "$con" | tr -d '\r')"
	elif [ $rc -ne 0 ]; then
		BOOT_REASON="qemu exited with $rc: $(head -c 300 "$LOGS/$name.qemu.log")"
	elif [ $frc -eq 124 ]; then
		BOOT_REASON="timeout after ${TIMEOUT}s after the VM fork (raise with TIMEOUT=); last console line: $(tail -n1 "$con" | tr -d '\r')"
	elif [ $frc -ne 0 ]; then
		BOOT_REASON="VM fork (harness/vmfork.py) exited with $frc: $(tail -n1 "$LOGS/$name.vmfork.log")"
	elif [ -n "$bad" ]; then
		BOOT_REASON="console shows: $(echo "$bad" | tr -d '\r' | head -c 200)"
	elif [ "${NO_VERDICT:-0}" = 1 ]; then
		! grep -q '^LRNG-VERDICT' "$res" ||
			BOOT_REASON="the guest did not go down: $(grep -m1 '^LRNG-VERDICT' "$res")"
	elif [ "$(grep -c '^LRNG-VERDICT' "$res")" -gt 1 ]; then
		BOOT_REASON="$(grep -c '^LRNG-VERDICT' "$res") verdict lines on the result channel (only /init writes one)"
	elif ! grep -qx 'LRNG-VERDICT: success' "$res"; then
		BOOT_REASON="no success verdict on the result channel ($(grep -m1 '^LRNG-VERDICT' "$res" || echo 'guest did not finish'))"
	fi
	[ -z "$BOOT_REASON" ]
}
