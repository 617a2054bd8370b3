#!/usr/bin/python3
# The sandbox's seccomp filter (src/shell/sandbox.ts passes it to bwrap's --seccomp), compiled
# with libseccomp (Debian's python3-seccomp) into the BPF program the kernel loads, one file per
# architecture: assets/seccomp/<arch>.bpf. Everything is allowed but what untrusted code has no
# use for and could reach the runner's secrets or the kernel with: keyctl, add_key and
# request_key (the caller's session keyring), ioctl(TIOCSTI) (typing into a terminal),
# perf_event_open, bpf, userfaultfd and ptrace. Each fails with EPERM, which a program takes as
# "not allowed here" rather than a crash.
#
# Usage: scripts/seccomp-filter.py [DIR]  (writes DIR/<arch>.bpf; DIR defaults to assets/seccomp)
# __tests__/security/seccomp-filter.int.test.ts rebuilds them and compares bytes.
import errno
import os
import sys

import seccomp

# asm-generic/ioctls.h: the same on x86 and arm.
TIOCSTI = 0x5412

DENIED = ['keyctl', 'add_key', 'request_key', 'perf_event_open', 'bpf', 'userfaultfd', 'ptrace']

# Each file is named after `uname -m`; a machine runs its own and its compatibility ABIs' system
# calls (a 32-bit program on x86_64 or aarch64), so the filter covers those too: a call through
# another ABI is denied the same way instead of getting around the filter.
ARCHES = {
    'x86_64': [seccomp.Arch.X86_64, seccomp.Arch.X86, seccomp.Arch.X32],
    'aarch64': [seccomp.Arch.AARCH64, seccomp.Arch.ARM],
}


def build(arches):
    filt = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
    # The machine's own architecture is in a new filter: only the file's are wanted, whatever the
    # machine the script runs on.
    filt.remove_arch(seccomp.Arch.NATIVE)
    for arch in arches:
        filt.add_arch(arch)
    for name in DENIED:
        filt.add_rule(seccomp.ERRNO(errno.EPERM), name)
    # ioctl's request is an unsigned int: the kernel ignores the upper half of the register, so
    # only the lower 32 bits are compared (else TIOCSTI | 1 << 32 would pass).
    filt.add_rule(
        seccomp.ERRNO(errno.EPERM),
        'ioctl',
        seccomp.Arg(1, seccomp.MASKED_EQ, 0xFFFFFFFF, TIOCSTI),
    )
    return filt


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', 'assets', 'seccomp')
    os.makedirs(out_dir, exist_ok=True)
    for name, arches in ARCHES.items():
        path = os.path.join(out_dir, f'{name}.bpf')
        with open(path, 'wb') as out:
            build(arches).export_bpf(out)
        print(f'{path}: {os.path.getsize(path)} bytes')


if __name__ == '__main__':
    main()
