// Checks before the wait: with another run holding the machine lock (in this file's own state
// directory), bad input to a command that takes the lock is refused at once, in one line naming
// the option, not after the wait; and `doctor` stops waiting after its --lock-timeout, reports what
// it read without the lock, and says whose run kept the noise from being measured. The CLI runs
// through main(), as it does for a user, against real sysbench and mariadbd.
import { jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { CleanupScope } from '../../src/shell/cleanup.js';
import { acquireMachineLock } from '../../src/shell/machine-lock.js';
import { describeWithServer, ROOT, TINY_SUITE } from '../helpers/real-run.js';
import { recordingLogger } from '../helpers/recording-logger.js';

/** What every refusal here must beat, with the lock held for far longer (--lock-timeout 10m). */
const REFUSED_WITHIN_MS = 5000;
const HOLDER_SUITE = 'prelock-holder';
/** A stand-in MariaDB tree: enough for the build's checks. */
const FAKE_TREE = join(ROOT, '__fixtures__/source-trees/fake-mariadb');

/** The figures, printed past the spies on stdout. */
const print = process.stdout.write.bind(process.stdout);
let stdout: string[] = [];
let stderr: string[] = [];
const spies: { mockRestore(): void }[] = [];
let holder: CleanupScope | undefined;
let dir = '';
let readOnly: { readonly path: string; readonly undo: () => void } | undefined;

/**
 * A directory no write here gets into, root included (root passes permission bits): a read-only
 * bind mount as root, an immutable directory (chattr +i) where mounting is not allowed, mode 0555
 * for anyone else.
 */
function readOnlyDir(path: string): { readonly path: string; readonly undo: () => void } {
  mkdirSync(path);
  const attempts: [() => void, () => void][] =
    process.getuid?.() === 0
      ? [
          [
            () => execFileSync('mount', ['--bind', '-o', 'ro', path, path], { stdio: 'ignore' }),
            () => execFileSync('umount', [path], { stdio: 'ignore' }),
          ],
          [
            () => execFileSync('chattr', ['+i', path], { stdio: 'ignore' }),
            () => execFileSync('chattr', ['-i', path], { stdio: 'ignore' }),
          ],
        ]
      : [[() => execFileSync('chmod', ['0555', path]), () => execFileSync('chmod', ['0755', path])]];
  for (const [make, undo] of attempts) {
    try {
      make();
    } catch {
      continue;
    }
    try {
      writeFileSync(join(path, 'probe'), '');
    } catch {
      return { path, undo };
    }
    undo();
  }
  throw new Error(`could not make ${path} read-only for this process`);
}

beforeAll(async () => {
  dir = mkdtempSync(join(os.tmpdir(), 'gate-prelock-'));
  readOnly = readOnlyDir(join(dir, 'read-only'));
  // The other run: this process, on a descriptor of its own (flock(2) locks belong to open files).
  holder = new CleanupScope();
  await acquireMachineLock(
    { timeoutMs: 0, timeoutLabel: '--lock-timeout', suite: HOLDER_SUITE },
    recordingLogger(() => []),
    holder,
  );
});

afterAll(async () => {
  await holder?.release();
  readOnly?.undo();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  stdout = [];
  stderr = [];
  spies.push(
    jest
      .spyOn(process.stdout, 'write')
      .mockImplementation((chunk: string | Uint8Array) => stdout.push(String(chunk)) > 0),
    jest
      .spyOn(process.stderr, 'write')
      .mockImplementation((chunk: string | Uint8Array) => stderr.push(String(chunk)) > 0),
  );
});
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
});

/** The CLI's exit status, how long it took, and its stderr's lines. */
async function timed(...args: string[]): Promise<{ code: number; ms: number; lines: string[] }> {
  const started = performance.now();
  const code = await main(['node', 'mysql-perf-gate', ...args]);
  const ms = performance.now() - started;
  return {
    code,
    ms,
    lines: stderr
      .join('')
      .split('\n')
      .filter((line) => line !== ''),
  };
}

function runArgs(overrides: Record<string, string>): string[] {
  const flags = {
    '--server': '/usr/sbin/mariadbd',
    '--suite': TINY_SUITE,
    '--out': join(dir, 'results.json'),
    '--work-dir': join(dir, 'work'),
    '--lock-timeout': '10m',
    ...overrides,
  };
  return ['run', ...Object.entries(flags).flat()];
}

describeWithServer()('checks before the wait for the machine lock', () => {
  it.each([
    [
      'a --server path with a typo',
      { '--server': '/opt/mariadb-11.4-typo' },
      /^--server \/opt\/mariadb-11\.4-typo: no such file or directory/,
    ],
    [
      'a suite name with a typo',
      { '--suite': 'quik' },
      /^--suite quik: no such file, and not a built-in suite/,
    ],
    [
      'an --out on a read-only directory',
      { '--out': 'READ_ONLY/out/results.json' },
      /^--out .*\/read-only\/out\/results\.json: cannot be written \(E\w+: .+\); choose another --out$/,
    ],
    [
      'a --work-dir on a read-only directory',
      { '--work-dir': 'READ_ONLY/work' },
      /^--work-dir .*\/read-only\/work: cannot be written \(E\w+: .+\); choose another --work-dir$/,
    ],
  ])('run refuses %s at once, in one line naming it', async (what, overrides, message) => {
    const given = Object.fromEntries(
      Object.entries(overrides).map(([flag, value]) => [
        flag,
        value.replace('READ_ONLY', readOnly?.path ?? ''),
      ]),
    );
    const { code, ms, lines } = await timed(...runArgs(given));
    print(`run with ${what}: refused in ${ms.toFixed(0)} ms\n`);
    const errors = lines.filter((line) => line.startsWith('mysql-perf-gate: '));
    expect({ code, errors: errors.map((line) => line.replace(/^mysql-perf-gate: /, '')) }).toEqual({
      code: 2,
      errors: [expect.stringMatching(message)],
    });
    expect(lines.filter((line) => /waiting|machine lock/.test(line))).toEqual([]);
    expect(ms).toBeLessThan(REFUSED_WITHIN_MS);
  });

  it.each([
    ['a --build-dir', '--build-dir', 'build'],
    ['a --prefix', '--prefix', 'prefix'],
  ])('build refuses %s on a read-only directory at once', async (what, flag, name) => {
    const target = join(readOnly?.path ?? '', name);
    const flags = { '--prefix': join(dir, 'prefix'), [flag]: target };
    const { code, ms, lines } = await timed(
      'build',
      ...['--source', FAKE_TREE, '--compiler', 'gcc', '--ccache', 'off', '--lock-timeout', '10m'],
      ...Object.entries(flags).flat(),
    );
    print(`build with ${what} on a read-only directory: refused in ${ms.toFixed(0)} ms\n`);
    expect({ code, errors: lines.filter((line) => line.startsWith('mysql-perf-gate: ')) }).toEqual({
      code: 2,
      errors: [
        expect.stringMatching(
          new RegExp(
            `^mysql-perf-gate: ${flag} ${target}: cannot be written \\(E\\w+: .+\\); choose another ${flag}$`,
          ),
        ),
      ],
    });
    expect(lines.filter((line) => /waiting|machine lock/.test(line))).toEqual([]);
    expect(ms).toBeLessThan(REFUSED_WITHIN_MS);
  });

  it('run refuses an operational cell on a server on another machine at once, naming the workload', async () => {
    const suite = join(dir, 'remote-operations.yml');
    writeFileSync(
      suite,
      [
        'name: remote-operations',
        'threads: [1]',
        'durationSeconds: 1',
        'repetitions: 2',
        'tables: 1',
        'tableSize: 100',
        'workloads:',
        '  - name: crash',
        '    kind: recovery',
        '    events: 100',
        '',
      ].join('\n'),
    );
    const args = [
      'run',
      '--host',
      '127.0.0.1:1',
      '--suite',
      suite,
      '--out',
      join(dir, 'r.json'),
      '--lock-timeout',
      '10m',
    ];
    // A remote server's account comes from the environment; no server answers on port 1.
    process.env.MYSQL_PERF_GATE_USER = 'perf';
    const { code, ms, lines } = await timed(...args).finally(() => {
      delete process.env.MYSQL_PERF_GATE_USER;
    });
    const errors = lines.filter((line) => line.startsWith('mysql-perf-gate: '));
    expect({ code, errors }).toEqual({
      code: 2,
      errors: [
        expect.stringMatching(
          /^mysql-perf-gate: --host 127\.0\.0\.1:1: workload crash of suite remote-operations is a recovery \(an operational cell\)/,
        ),
      ],
    });
    expect(ms).toBeLessThan(REFUSED_WITHIN_MS);
  });

  it('compare-compilers refuses an --out on a read-only directory before its builds wait', async () => {
    const out = join(readOnly?.path ?? '', 'results.json');
    const { code, ms, lines } = await timed(
      ...['compare-compilers', '--source', FAKE_TREE, '--base-compiler', 'gcc', '--head-compiler', 'clang'],
      ...['--prefix-dir', join(dir, 'compilers'), '--out', out, '--lock-timeout', '10m'],
    );
    print(`compare-compilers with --out on a read-only directory: refused in ${ms.toFixed(0)} ms\n`);
    expect({ code, errors: lines.filter((line) => line.startsWith('mysql-perf-gate: ')) }).toEqual({
      code: 2,
      errors: [
        expect.stringMatching(
          new RegExp(
            `^mysql-perf-gate: --out ${out}: cannot be written \\(E\\w+: .+\\); choose another --out$`,
          ),
        ),
      ],
    });
    expect(lines.filter((line) => /waiting|machine lock|building/.test(line))).toEqual([]);
    expect(ms).toBeLessThan(REFUSED_WITHIN_MS);
  });

  it('doctor reports without the noise after its --lock-timeout, naming the holder, with status 3', async () => {
    const { code, ms, lines } = await timed(
      'doctor',
      '--lock-timeout',
      '2s',
      '--work-dir',
      join(dir, 'doctor'),
    );
    print(`doctor with the lock held: returned in ${ms.toFixed(0)} ms (--lock-timeout 2s)\n`);
    expect(code).toBe(3);
    // The wait is the 2 s; the rest is what doctor reads and probes (tools, a server's --version).
    expect(ms).toBeLessThan(2000 + 30_000);
    const holderNamed = `the run of pid ${process.pid} \\(suite ${HOLDER_SUITE}, .+\\) held its lock through the 2s of --lock-timeout`;
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^warning: the noise was not measured: the machine is busy: ${holderNamed}; the grade counts only what doctor read without the lock`,
        ),
      ),
    );
    // What needs no lock is read and graded all the same; the noise is unknown, and says why.
    const text = stdout.join('');
    expect(text).toMatch(/^ok +sysbench /m);
    expect(text).toMatch(/^(ok|warn|bad|unknown) +CPU governor /m);
    expect(text).toMatch(
      new RegExp(
        `^unknown +throughput noise +unknown \\(not measured: the machine is busy: ${holderNamed}\\)$`,
        'm',
      ),
    );
    expect(text).toMatch(/^grade [A-F] \(\d+\/100\)/m);
  });
});
