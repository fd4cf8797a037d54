# The toolchain and the kernel source of scripts/linux-test, which sources this file:
# Debian's packages (apt, bookworm-backports for LLVM 19 and QEMU), bindgen-cli from
# crates.io, and linux-source-7.3 from trixie-backports as a cached git repository.
# Uses linux-test's CACHE, LLVM, BINDGEN_VERSION, KSRC_*, MODSRC, skip and die.

# --- toolchain -------------------------------------------------------------------------
# From Debian 12: rustc-web (1.96) with rust-web-src is the kernel's rustc, which also
# builds the proc macros it loads (a .so from another rustc is rejected, E0514);
# rustfmt-web and rust-web-clippy for rustfmtcheck and CLIPPY=1; cargo-web to install
# bindgen-cli; python3-ply for checkpatch's SPDX check; busybox-static for the initramfs.
APT_PACKAGES=(rustc-web rust-web-src cargo-web rustfmt-web rust-web-clippy flex bison bc
    libelf-dev cpio make xz-utils gzip busybox-static python3-ply git perl ca-certificates
    debian-archive-keyring)
# From bookworm-backports, through a sources file of this script's own, with `-t` for
# these packages only (nothing else on the machine changes): LLVM >= 17 for Linux 7.3
# (`make LLVM=-19`), and backports' QEMU (a machine with backports' qemu-utils cannot
# install bookworm's qemu-system-x86 beside it).
BACKPORTS_PACKAGES=("clang-$LLVM" "lld-$LLVM" "llvm-$LLVM" "libclang-$LLVM-dev" qemu-system-x86)
BACKPORTS_LIST=/etc/apt/sources.list.d/typed-clocks-bookworm-backports.list

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
debian_mirror() { # as this machine's apt sources name it
    local uri
    uri=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
    [ -n "$uri" ] || uri=$(awk '$1 == "deb" && $0 ~ /debian/ {for (i = 2; i <= NF; i++) if ($i ~ /^https?:/) {print $i; exit}}' \
        /etc/apt/sources.list 2>/dev/null || true)
    echo "${uri:-http://deb.debian.org/debian}"
}
# unreachable LOG: apt's or cargo's log says the network or archive was unreachable (the
# one reason to skip; a 404 is a reachable archive that lacks a file).
unreachable() {
    ! grep -qE ' 404 ' "$1" && grep -qiE 'Could not resolve|Temporary failure|Failed to fetch|Connection (failed|refused|timed out)|Unable to connect|Network is unreachable|timed out|failed to get|spurious network error|Could not connect' "$1"
}

install_packages() {
    local wanted=() backports=() p log="$CACHE/apt.log"
    for p in "${APT_PACKAGES[@]}"; do installed "$p" || wanted+=("$p"); done
    for p in "${BACKPORTS_PACKAGES[@]}"; do installed "$p" || backports+=("$p"); done
    [ ${#wanted[@]} -eq 0 ] && [ ${#backports[@]} -eq 0 ] && { echo "   all installed"; return 0; }
    [ "$(id -u)" -eq 0 ] || die "missing Debian packages; as root, add bookworm-backports to apt's" \
        "sources ($BACKPORTS_LIST) and run: apt-get install --no-install-recommends ${wanted[*]};" \
        "apt-get install --no-install-recommends -t bookworm-backports ${backports[*]}"
    export DEBIAN_FRONTEND=noninteractive
    [ -f "$BACKPORTS_LIST" ] || echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]" \
        "$(debian_mirror) bookworm-backports main" >"$BACKPORTS_LIST"
    if ! apt-get update >"$log" 2>&1; then
        unreachable "$log" && skip "apt-get update failed: the package archive is unreachable (log: $log)"
        die "apt-get update failed (log: $log)"
    fi
    if [ ${#wanted[@]} -gt 0 ] && ! apt-get install -y --no-install-recommends "${wanted[@]}" >>"$log" 2>&1; then
        tail -20 "$log"
        die "apt-get could not install: ${wanted[*]} (log: $log)"
    fi
    if [ ${#backports[@]} -gt 0 ] &&
        ! apt-get install -y --no-install-recommends -t bookworm-backports "${backports[@]}" >>"$log" 2>&1; then
        tail -20 "$log"
        die "apt-get could not install from bookworm-backports: ${backports[*]} (log: $log)"
    fi
    for p in "${APT_PACKAGES[@]}" "${BACKPORTS_PACKAGES[@]}"; do
        installed "$p" || die "$p is still not installed (log: $log)"
    done
    echo "   installed: ${wanted[*]} ${backports[*]}"
}

debian_toolchain_env() { # Debian's toolchain, not rustup's
    export PATH="/usr/sbin:/usr/bin:/sbin:/bin"
    unset RUSTUP_TOOLCHAIN RUSTC RUSTDOC RUSTFLAGS CARGO_TARGET_DIR RUSTC_WRAPPER CARGO_BUILD_TARGET
}

install_bindgen() { # Debian 12 ships bindgen 0.60; Linux 7.3 needs >= 0.71.1
    local root="$CACHE/bindgen-cli-$BINDGEN_VERSION" log="$CACHE/bindgen-install.log"
    BINDGEN="$root/bin/bindgen"
    if [ ! -x "$BINDGEN" ] && ! CARGO_HOME="$CACHE/cargo-home" cargo install --locked --root "$root" \
        "bindgen-cli@$BINDGEN_VERSION" >"$log" 2>&1; then
        unreachable "$log" && skip "cannot reach crates.io for bindgen-cli $BINDGEN_VERSION (log: $log)"
        tail -20 "$log"
        die "cargo install bindgen-cli@$BINDGEN_VERSION failed (log: $log)"
    fi
    find "$CACHE" -maxdepth 1 -name 'bindgen-cli-*' ! -path "$root" -exec rm -rf {} +
    echo "   $("$BINDGEN" --version)"
}

# --- the kernel source and its options -----------------------------------------------------
# An apt state of its own in the cache for trixie-backports, which serves
# linux-source-7.3: `apt-get download` of that one package, nothing installed from it.
KAPT="$CACHE/apt-$KSRC_SUITE"
kapt() {
    local sandbox=()
    [ "$(id -u)" -eq 0 ] && sandbox=(-o APT::Sandbox::User=root) # _apt cannot write /root/.cache
    "$@" -o Dir::Etc::sourcelist="$KAPT/sources.list" -o Dir::Etc::sourceparts=/nonexistent \
        -o Dir::State::Lists="$KAPT/lists" -o Dir::Cache="$KAPT/cache" "${sandbox[@]}"
}

kernel_package_version() { # KPKG_VERSION: what trixie-backports serves today
    mkdir -p "$KAPT/lists/partial" "$KAPT/cache/archives/partial"
    echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $(debian_mirror) $KSRC_SUITE main" \
        >"$KAPT/sources.list"
    local log="$KAPT/update.log"
    if ! kapt apt-get -qq update >"$log" 2>&1; then
        unreachable "$log" && ! ls "$KAPT"/lists/*Packages* >/dev/null 2>&1 && skip "$KSRC_SUITE is unreachable (log: $log)"
        unreachable "$log" || die "apt-get update of $KSRC_SUITE failed (log: $log)"
        echo "   $KSRC_SUITE unreachable: using its package lists of $(date -r "$KAPT/lists" '+%F %T')"
    fi
    KPKG_VERSION=$(kapt apt-cache policy "$KSRC_PACKAGE" | awk '/Candidate:/ {print $2}')
    [ -n "$KPKG_VERSION" ] && [ "$KPKG_VERSION" != "(none)" ] || die "$KSRC_PACKAGE is not in $KSRC_SUITE (log: $log)"
}

# The options of kernel.config as scripts/config's arguments: -e X (=y), -m X (=m),
# -d X (is not set), --set-val X V.
KCONFIG=()
kconfig_args() {
    mapfile -t KCONFIG < <(awk '/^CONFIG_[A-Z0-9_]+=[ym]$/ { split(substr($0, 8), kv, "="); print "-" (kv[2] == "y" ? "e" : "m"); print kv[1]; next }
        /^# CONFIG_[A-Z0-9_]+ is not set$/ { print "-d"; print substr($2, 8); next }
        /^CONFIG_/ { split(substr($0, 8), kv, "="); print "--set-val"; print kv[1]; print kv[2] }' "$MODSRC/kernel.config")
}

tree_inputs() { # the inputs of the built tree, one a line; KDIR's name carries their hash
    echo "package: $KSRC_PACKAGE $KPKG_VERSION ($KSRC_SUITE)"
    echo "rustc: $(/usr/bin/rustc --version)"
    echo "clippy: $(/usr/bin/clippy-driver --version 2>/dev/null || echo none)"
    echo "bindgen: $("$BINDGEN" --version)"
    echo "llvm: $(dpkg-query -W -f='${Package} ${Version}\n' "clang-$LLVM" "lld-$LLVM" "llvm-$LLVM" | tr '\n' ' ')"
    echo "options: ${KCONFIG[*]}"
}

kernel_source() {
    kernel_package_version
    kconfig_args
    KDIR="$CACHE/linux-$KPKG_VERSION-$(tree_inputs | sha256sum | cut -c1-12)"
    SERIES_DIR="$KDIR/.typed-clocks" # the series' patches, report and findings
    echo "   $KSRC_PACKAGE $KPKG_VERSION; tree $KDIR"
    if [ ! -f "$KDIR/.linux-test/inputs" ]; then
        local dl log="$KAPT/download.log"
        dl=$(mktemp -d)
        if ! (cd "$dl" && kapt apt-get -qq download "$KSRC_PACKAGE") >"$log" 2>&1; then
            rm -rf "$dl"
            unreachable "$log" && skip "cannot download $KSRC_PACKAGE from $KSRC_SUITE (log: $log)"
            die "apt-get download $KSRC_PACKAGE failed (log: $log)"
        fi
        rm -rf "$KDIR.partial" && mkdir -p "$KDIR.partial"
        dpkg-deb --fsys-tarfile "$dl"/"$KSRC_PACKAGE"_*.deb | tar -xOf - "./usr/src/$KSRC_PACKAGE.tar.xz" |
            tar -xJf - -C "$KDIR.partial" --strip-components=1
        rm -rf "$dl"
        # A git repository whose first commit, tagged `pristine`, is the whole source
        # (forced past Debian's .gitignore, which ignores everything).
        git -C "$KDIR.partial" init -q
        git -C "$KDIR.partial" add -f -A .
        git -C "$KDIR.partial" -c user.name=pristine -c user.email=pristine@localhost commit -q \
            -m "Linux $(make -s -C "$KDIR.partial" kernelversion) from Debian's $KSRC_PACKAGE $KPKG_VERSION"
        git -C "$KDIR.partial" tag pristine
        mkdir -p "$KDIR.partial/.linux-test"
        tree_inputs >"$KDIR.partial/.linux-test/inputs"
        rm -rf "$KDIR" && mv "$KDIR.partial" "$KDIR"
    fi
    find "$CACHE" -maxdepth 1 -name 'linux-*' ! -path "$KDIR" -exec rm -rf {} + # superseded trees
}

