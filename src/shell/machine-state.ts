// The machine-wide directory every run on this machine shares, whoever runs it: the lock that keeps
// benchmarks from sharing the machine, and the record of the servers runs have started (so that a
// later run can stop those whose owner was killed). /run/lock is a tmpfs on systemd machines, so a
// reboot, which stops every server anyway, empties it.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

/** MYSQL_PERF_GATE_STATE_DIR overrides the directory (tests give each of theirs its own). */
export function machineStateDir(env: NodeJS.ProcessEnv = process.env): string {
  const override = env.MYSQL_PERF_GATE_STATE_DIR;
  if (override !== undefined && override !== '') return override;
  return existsSync('/run/lock') ? '/run/lock/mysql-perf-gate' : join(os.tmpdir(), 'mysql-perf-gate-state');
}

/** The directory, created if missing: sticky and writable by every user, like /tmp. */
export function ensureMachineStateDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = machineStateDir(env);
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true });
    // mkdir's mode is masked by the umask; the directory must be writable by every user's runs.
    chmodSync(dir, 0o1777);
  }
  return dir;
}
