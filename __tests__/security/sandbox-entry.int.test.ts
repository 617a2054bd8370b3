// What enters the sandbox (shell/sandbox-entry.ts), tried as a hostile tree would:
// - a sandboxed process plants a `vgdb` in its own /tmp, on a PATH entry before /usr/bin: the old
//   entry (nsenter … -- vgdb, looked up after entering) runs it, with every capability of the
//   sandbox's user namespace; the entry the tool makes runs the system's vgdb, with none;
// - vgdb so entered still wakes a sandboxed process blocked in a system call: its ptrace comes
//   from outside, where the filter does not reach;
// - every sandboxed command runs under the seccomp filter: /proc/self/status says so, and the
//   caller's session keyring, ptrace and userfaultfd, which the same sandbox without the filter
//   reaches (the control), are denied; TIOCSTI, bpf and perf_event_open fail in the sandbox
//   without the filter too (ENOTTY on a file that is no terminal, EINVAL, EACCES), so for them
//   only the filter's own answer, EPERM, tells (TIOCSTI with the request's upper bits set too);
// - of /sys, only the CPU, NUMA, huge page and block device entries a server reads are there.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { afterEach, describe, expect, it } from '@jest/globals';

import { sandbox, sandboxArgs } from '../../src/shell/sandbox.js';
import { bwrapProgram, enterSandbox, SANDBOX_PATH } from '../../src/shell/sandbox-entry.js';
import { ROOT, useTempDir } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';

const PYTHON = '/usr/bin/python3';
const PROBE_DIR = join(ROOT, '__fixtures__/security');
const PROBE = join(PROBE_DIR, 'syscall-probe.py');
/** A PATH entry the sandbox can write (its own /tmp), as a runner's PATH may hold one. */
const PLANTED_DIR = '/tmp/perf-gate-planted-bin';

const describeIf = ['bwrap', 'nsenter', 'setpriv', 'valgrind', 'vgdb', PYTHON].every((name) =>
  requireCommand(name),
)
  ? describe
  : describe.skip;

/** The capability and privilege lines of a /proc/<pid>/status text. */
function privileges(status: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of status.matchAll(/^(CapEff|CapBnd|NoNewPrivs|Seccomp):\s*(\S+)$/gm)) {
    fields[match[1] ?? ''] = match[2] ?? '';
  }
  return fields;
}

/** The deepest first descendant of `pid`: the command bwrap runs (bwrap → its init → command). */
function innermost(pid: number): number {
  for (;;) {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    if (children === '') return pid;
    pid = Number(children.split(' ')[0]);
  }
}

/** nanosleep and clock_nanosleep, by machine. */
const SLEEP_CALLS: Readonly<Partial<Record<NodeJS.Architecture, readonly string[]>>> = {
  x64: ['35', '230'],
  arm64: ['101', '115'],
};

/** Whether `pid` is blocked in a sleep (/proc/<pid>/syscall: the call's number first). */
function asleep(pid: number): boolean {
  const call = readFileSync(`/proc/${pid}/syscall`, 'utf8').split(' ')[0] ?? '';
  return (SLEEP_CALLS[process.arch] ?? []).includes(call);
}

async function waitFor(file: string): Promise<void> {
  for (let tries = 0; !existsSync(file); tries++) {
    if (tries > 200) throw new Error(`${file} did not appear within 20 s`);
    await sleep(100);
  }
}

describeIf('what enters the sandbox', () => {
  const tmp = useTempDir('sandbox-entry-');
  let held: ChildProcess | undefined;
  afterEach(() => {
    held?.kill('SIGKILL');
    held = undefined;
  });

  /** A sandbox that plants `vgdb` in PLANTED_DIR (its own /tmp) and stays; its command's pid. */
  async function plantingSandbox(): Promise<number> {
    const marker = join(tmp.path, 'planted-ran');
    const planted = `#!/bin/sh\ncat /proc/self/status > ${marker}\n`;
    const script =
      `mkdir -p ${PLANTED_DIR} && printf '%s' '${planted}' > ${PLANTED_DIR}/vgdb && chmod +x ${PLANTED_DIR}/vgdb && ` +
      `touch ${tmp.path}/ready && exec sleep 120`;
    const confined = sandbox({ writable: [tmp.path] });
    const command = confined.wrap('sh', ['-c', script]);
    held = spawn(command.file, command.args, { env: confined.env(), stdio: 'ignore' });
    await waitFor(join(tmp.path, 'ready'));
    return innermost(held.pid ?? 0);
  }

  it('never runs a vgdb the sandbox planted on the PATH, and enters with no capabilities', async () => {
    const pid = await plantingSandbox();
    const marker = join(tmp.path, 'planted-ran');
    const runnerPath = `${PLANTED_DIR}:${SANDBOX_PATH}`;

    // The control: the entry as it was, vgdb looked up by name once inside, runs the planted one.
    const namespaces = ['--user', '--mount', '--pid', '--uts', '--net', '--ipc'];
    const old = spawnSync(
      'nsenter',
      ['--target', String(pid), ...namespaces, '--preserve-credentials', '--', 'vgdb', '--help'],
      { env: { PATH: runnerPath }, encoding: 'utf8' },
    );
    expect({ status: old.status, ran: existsSync(marker) }).toEqual({ status: 0, ran: true });
    const planted = privileges(readFileSync(marker, 'utf8'));
    rmSync(marker);

    // The entry the tool makes, with the same PATH in its environment: the system's vgdb.
    const entry = enterSandbox(pid, 'vgdb', ['--help'], 'install valgrind');
    const now = spawnSync(entry.file, entry.args, {
      env: { ...entry.env, PATH: runnerPath },
      encoding: 'utf8',
    });
    expect(now.stdout + now.stderr).toMatch(/^Usage: vgdb/m);
    expect(entry.args).toContain('/usr/bin/vgdb');
    expect(existsSync(marker)).toBe(false);
    const status = enterSandbox(pid, 'cat', ['/proc/self/status'], 'coreutils');
    const entered = privileges(
      spawnSync(status.file, status.args, { env: status.env, encoding: 'utf8' }).stdout,
    );
    expect(entered).toMatchObject({ CapEff: '0000000000000000', NoNewPrivs: '1' });
    if (process.geteuid?.() === 0) expect(entered.CapBnd).toBe('0000000000000000');
    process.stderr.write(
      `planted vgdb, entered the old way: ran with CapEff ${planted.CapEff}, NoNewPrivs ${planted.NoNewPrivs}; ` +
        `the tool's entry: the system's vgdb, CapEff ${entered.CapEff}, CapBnd ${entered.CapBnd}, NoNewPrivs ${entered.NoNewPrivs}\n`,
    );
  }, 60_000);

  it('wakes a sandboxed process blocked in a system call from outside, where ptrace is denied inside', async () => {
    const prefix = join(tmp.path, 'vgdb');
    const confined = sandbox({ writable: [tmp.path] });
    const command = confined.wrap('valgrind', [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--vgdb=yes',
      `--vgdb-prefix=${prefix}`,
      '/bin/sleep',
      '120',
    ]);
    held = spawn(command.file, command.args, { env: confined.env(), stdio: 'ignore' });
    for (let tries = 0; !readdirSync(tmp.path).some((name) => name.startsWith('vgdb-from-vgdb')); tries++) {
      if (tries > 300) throw new Error('valgrind made no FIFO for vgdb within 30 s');
      await sleep(100);
    }
    const pid = innermost(held.pid ?? 0);
    // Until valgrind has started sleep and sleep sleeps, it reads the FIFO by itself.
    for (let tries = 0; !asleep(pid); tries++) {
      if (tries > 600) throw new Error('the process under valgrind did not go to sleep within 60 s');
      await sleep(100);
    }
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const namespacePid = /^NSpid:.*\s(\d+)$/m.exec(status)?.[1] ?? '';
    expect(privileges(status).Seccomp).toBe('2');
    const send = (...options: string[]): { status: number | null; ms: number; output: string } => {
      const entry = enterSandbox(
        pid,
        'vgdb',
        [`--vgdb-prefix=${prefix}`, `--pid=${namespacePid}`, ...options],
        '',
      );
      const started = Date.now();
      const result = spawnSync(entry.file, entry.args, { env: entry.env, timeout: 5_000, encoding: 'utf8' });
      return { status: result.status, ms: Date.now() - started, output: result.stdout + result.stderr };
    };
    const woken = send('instrumentation', 'on');
    // The control (after: a vgdb stopped midway leaves the process's side of the FIFOs in a state
    // the next one fails on): without vgdb's ptrace, a process asleep in a system call never
    // reads the command.
    const unwoken = send('--max-invoke-ms=0', 'instrumentation', 'off');
    process.stderr.write(
      `vgdb to a sandboxed process asleep in nanosleep: without ptrace no answer in ${unwoken.ms} ms; ` +
        `woken by ptrace from outside in ${woken.ms} ms\n`,
    );
    expect({ status: woken.status, output: woken.status === 0 ? '' : woken.output }).toEqual({
      status: 0,
      output: '',
    });
    expect(unwoken.status).toBeNull();
  }, 60_000);

  /** The probe's findings, run under a session keyring of its own holding `secret`, as `command…`. */
  function probe(secret: string, file: string, args: readonly string[]): Record<string, string> {
    const result = spawnSync(PYTHON, [PROBE, '--keyring', secret, '--', file, ...args], {
      env: { PATH: SANDBOX_PATH },
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`the probe failed: ${result.stderr}`);
    return JSON.parse(result.stdout) as Record<string, string>;
  }

  it('runs every sandboxed command under the seccomp filter, which keeps the keyring out of reach', () => {
    const secret = `secret-${process.pid}`;
    const spec = { writable: [], readable: [PROBE_DIR] };
    const confined = sandbox(spec).wrap(PYTHON, [PROBE]);
    const filtered = probe(secret, confined.file, confined.args);
    // The control: the same sandbox, namespaces and all, without the filter.
    const unfiltered = probe(secret, bwrapProgram('bwrap'), [...sandboxArgs(spec), '--', PYTHON, PROBE]);
    const outside = probe(secret, PYTHON, [PROBE]);
    process.stderr.write(
      Object.keys(filtered)
        .map(
          (name) =>
            `${name}: outside ${outside[name]}, sandbox without the filter ${unfiltered[name]}, with it ${filtered[name]}`,
        )
        .join('\n') + '\n',
    );
    expect(outside.keyring).toBe(secret);
    expect(unfiltered).toMatchObject({
      keyring: secret,
      add_key: 'ok',
      request_key: 'ok',
      ptrace: 'ok',
      userfaultfd: 'ok',
      'ioctl TIOCSTI': 'ENOTTY',
      'ioctl TIOCSTI, upper bits set': 'ENOTTY',
    });
    for (const name of Object.keys(filtered)) expect(`${name}: ${filtered[name]}`).toBe(`${name}: EPERM`);

    const status = sandbox(spec).wrap('cat', ['/proc/self/status']);
    const inside = privileges(spawnSync(status.file, status.args, { encoding: 'utf8' }).stdout);
    expect(inside).toMatchObject({ Seccomp: '2', NoNewPrivs: '1', CapEff: '0000000000000000' });
    expect(privileges(readFileSync('/proc/self/status', 'utf8')).Seccomp).toBe('0');
  });

  it("leaves the filter's descriptor closed and PATH fixed inside", () => {
    const command = sandbox({ writable: [] }).wrap('sh', ['-c', 'ls /proc/self/fd; echo "PATH=$PATH"']);
    const result = spawnSync(command.file, command.args, {
      env: { PATH: `${PLANTED_DIR}:/usr/bin:/bin` },
      encoding: 'utf8',
    });
    const lines = result.stdout.trim().split('\n');
    // 0–2, ls's own (3), and whatever this test's runner left open to its children; never 9.
    const descriptors = lines.filter((line) => /^\d+$/.test(line));
    expect(descriptors).toEqual(expect.arrayContaining(['0', '1', '2']));
    expect(descriptors).not.toContain('9');
    expect(lines.at(-1)).toBe(`PATH=${SANDBOX_PATH}`);
  });

  it('shows of /sys only the CPU and memory entries', () => {
    const command = sandbox({ writable: [] }).wrap('sh', [
      '-c',
      'cd /sys && find . -maxdepth 3 -type d | sort; echo "nproc=$(nproc --all)"',
    ]);
    const result = spawnSync(command.file, command.args, { encoding: 'utf8' });
    const lines = result.stdout.trim().split('\n');
    process.stderr.write(`/sys in the sandbox: ${lines.join(' ')}\n`);
    expect(readdirSync('/sys')).toEqual(expect.arrayContaining(['class', 'fs', 'devices']));
    expect(lines).not.toContain('./class');
    expect(lines).not.toContain('./fs');
    expect(lines).toContain('./devices/system');
    expect(lines.at(-1)).toBe(`nproc=${spawnSync('nproc', ['--all'], { encoding: 'utf8' }).stdout.trim()}`);
  });
});
