#!/usr/bin/env bash
# Installs (or explains) the one system prerequisite of the workspace: bindgen, run by
# kernel-integration/bindings/build.rs, needs libclang *and* clang's resource headers
# (stdbool.h, ...): Debian's libclang-dev. libclang1 alone fails with
# "'stdbool.h' file not found". Idempotent: prints nothing when all is present.
set -euo pipefail

have_prereqs() {
    compgen -G '/usr/lib/llvm-*/lib/libclang*.so*' >/dev/null &&
        compgen -G '/usr/lib/llvm-*/lib/clang/*/include/stdbool.h' >/dev/null
}

# A libclang found by bindgen elsewhere (LIBCLANG_PATH, another distribution's layout)
# is the user's business: only the Debian layout is checked and installed.
if [ -n "${LIBCLANG_PATH:-}" ] || have_prereqs; then
    exit 0
fi

if [ -r /etc/debian_version ] && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "prereqs: installing libclang-dev (libclang and clang's headers, for bindgen)" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq libclang-dev >/dev/null
    if have_prereqs; then
        exit 0
    fi
    echo "prereqs: libclang-dev was installed, but libclang or stdbool.h is still missing under /usr/lib/llvm-*" >&2
    exit 1
fi

if [ -r /etc/debian_version ]; then
    echo "prereqs: bindgen needs libclang and clang's headers: run 'sudo apt-get install libclang-dev'" >&2
else
    echo "prereqs: bindgen needs libclang and clang's resource headers (stdbool.h): install your distribution's libclang development package (Debian/Ubuntu: libclang-dev; Fedora: clang-devel), or set LIBCLANG_PATH" >&2
fi
exit 1
