"""Busy loops, four per CPU, while the server beside it has no client.

Run by spinning-server.sh with the pid the server is about to take (the shell execs it). It
leaves the server's process tree at once, as a daemon does (two forks and a new session): SIGSTOP
to the tree misses it, a cgroup it inherited does not. Each worker reads the server's CPU time
every 0.2 s: while the server used almost none (idle, or stopped), it spins for the next 0.2 s;
while the server works, it sleeps. It ends with the server, and after 30 minutes in any case.
Four loops a CPU, not one: the scheduler shares a CPU by thread, so on a machine busy with other
work (a CI runner's other tests) one loop a CPU would take only a share of what it means to take.
"""
import os
import sys
import time

SERVER = int(sys.argv[1])
TICK = 0.2
IDLE_TICKS = 2  # of 100 a second: the server used under a tenth of a CPU over the last tick
DEADLINE = time.monotonic() + 1800


def server_ticks():
    """utime + stime of the server, or None once it is gone."""
    try:
        with open(f"/proc/{SERVER}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    if fields[0] in ("Z", "X"):
        return None
    return int(fields[11]) + int(fields[12])


if os.fork() > 0:
    sys.exit(0)  # the wrapper goes on to exec the server
os.setsid()
if os.fork() > 0:
    os._exit(0)
null = os.open(os.devnull, os.O_RDWR)
for fd in (0, 1, 2):
    os.dup2(null, fd)  # not the server's error log
for _ in range(4 * (os.cpu_count() or 1) - 1):
    if os.fork() == 0:
        break
last = server_ticks()
while last is not None and time.monotonic() < DEADLINE:
    spin_until = time.monotonic() + TICK
    now = server_ticks()
    if now is None:
        break
    if now - last <= IDLE_TICKS:
        while time.monotonic() < spin_until:
            pass
    else:
        time.sleep(TICK)
    last = now
