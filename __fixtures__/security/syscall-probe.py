# Tries each system call the sandbox's seccomp filter denies and prints one JSON object: for each,
# "ok" or the errno's name; for the keyring, the secret it read from the session keyring's key
# named "perf-gate-probe", or the errno's name of the first call that failed.
#
#   python3 syscall-probe.py            the probe
#   python3 syscall-probe.py --keyring SECRET -- COMMAND…
#       joins a new session keyring of its own (never the caller's), adds the key with SECRET to
#       it, then runs COMMAND (the probe, sandboxed or not) with that keyring and its exit status.
import ctypes
import errno
import json
import os
import platform
import subprocess
import sys

NUMBERS = {
    'x86_64': dict(ioctl=16, ptrace=101, add_key=248, request_key=249, keyctl=250,
                   perf_event_open=298, bpf=321, userfaultfd=323),
    'aarch64': dict(ioctl=29, ptrace=117, add_key=217, request_key=218, keyctl=219,
                    perf_event_open=241, bpf=280, userfaultfd=282),
}[platform.machine()]
KEY_SPEC_THREAD_KEYRING = -1
KEY_SPEC_SESSION_KEYRING = -3
KEYCTL_JOIN_SESSION_KEYRING = 1
KEYCTL_SEARCH = 10
KEYCTL_READ = 11
TIOCSTI = 0x5412
UFFD_USER_MODE_ONLY = 1
PTRACE_TRACEME = 0

libc = ctypes.CDLL(None, use_errno=True)


def call(name, *args):
    """The call's result, or the errno's name when it failed."""
    result = libc.syscall(ctypes.c_long(NUMBERS[name]), *[ctypes.c_long(arg) if isinstance(arg, int) else arg for arg in args])
    if result == -1:
        return errno.errorcode.get(ctypes.get_errno(), str(ctypes.get_errno()))
    return result


def outcome(result):
    return result if isinstance(result, str) else 'ok'


def read_key():
    key = call('keyctl', KEYCTL_SEARCH, KEY_SPEC_SESSION_KEYRING, b'user', b'perf-gate-probe', 0)
    if isinstance(key, str):
        return key
    buffer = ctypes.create_string_buffer(256)
    length = call('keyctl', KEYCTL_READ, key, buffer, 256)
    return length if isinstance(length, str) else buffer.raw[:length].decode()


def probe():
    null = os.open('/dev/null', os.O_RDONLY)
    char = ctypes.c_char(b'x')
    results = {
        'keyring': read_key(),
        # Into a keyring of this thread's own, never one it shares.
        'add_key': outcome(call('add_key', b'user', b'planted', b'x', 1, KEY_SPEC_THREAD_KEYRING)),
        'request_key': outcome(call('request_key', b'user', b'perf-gate-probe', None, 0)),
        'ptrace': outcome(call('ptrace', PTRACE_TRACEME, 0, 0, 0)),
        'userfaultfd': outcome(call('userfaultfd', UFFD_USER_MODE_ONLY)),
        # On /dev/null: ENOTTY where only the kernel answers; EPERM from the filter. The upper
        # half set: the kernel takes the lower 32 bits, and so must the filter.
        'ioctl TIOCSTI': outcome(call('ioctl', null, TIOCSTI, ctypes.byref(char))),
        'ioctl TIOCSTI, upper bits set': outcome(call('ioctl', null, TIOCSTI | 1 << 32, ctypes.byref(char))),
        'bpf': outcome(call('bpf', 0, 0, 0)),
        # This process's task clock (a software event: every kernel has it).
        'perf_event_open': outcome(call('perf_event_open', ctypes.byref(perf_attr()), 0, -1, -1, 0)),
    }
    print(json.dumps(results))


def perf_attr():
    attr = (ctypes.c_uint32 * 32)()
    attr[0] = 1  # type: PERF_TYPE_SOFTWARE
    attr[1] = ctypes.sizeof(attr)  # size
    attr[2] = 1  # config (64 bits, lower half): PERF_COUNT_SW_TASK_CLOCK
    return attr


def with_keyring(secret, command):
    keyring = call('keyctl', KEYCTL_JOIN_SESSION_KEYRING, None)
    if isinstance(keyring, str):
        sys.exit(f'cannot join a new session keyring: {keyring}')
    key = call('add_key', b'user', b'perf-gate-probe', secret.encode(), len(secret), KEY_SPEC_SESSION_KEYRING)
    if isinstance(key, str):
        sys.exit(f'cannot add the key: {key}')
    sys.exit(subprocess.run(command).returncode)


if __name__ == '__main__':
    if len(sys.argv) > 3 and sys.argv[1] == '--keyring' and sys.argv[3] == '--':
        with_keyring(sys.argv[2], sys.argv[4:])
    else:
        probe()
