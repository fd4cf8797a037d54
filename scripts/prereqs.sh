#!/usr/bin/env bash
# The one system prerequisite: libclang and clang's own headers, for bindgen in
# kernel-integration/build.rs. Debian's libclang-dev has both (libclang1 alone lacks
# stddef.h/stdbool.h). Installs it when missing and running as root on Debian;
# otherwise says exactly what to install. Idempotent and quiet when all is present.
set -euo pipefail

have_libclang() {
    compgen -G "/usr/lib/llvm-*/lib/libclang*.so*" >/dev/null \
        && compgen -G "/usr/lib/llvm-*/lib/clang/*/include/stdbool.h" >/dev/null
}

if have_libclang; then
    exit 0
fi
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "prereqs: installing libclang-dev (libclang and clang's headers, for bindgen)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libclang-dev >/dev/null
    have_libclang && exit 0
fi
echo "prereqs: bindgen needs libclang and clang's headers: install them with 'sudo apt-get install libclang-dev' (Debian/Ubuntu)" >&2
exit 1
