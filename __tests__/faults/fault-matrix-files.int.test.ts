// The fault matrix, stages that read and write files: compare and its report, baseline save and
// history append, meeting a truncated or corrupted input or stored file, an output that cannot be
// written and a full disk. The bundled CLI against real small filesystems.
import { jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { ROOT, useTempDir } from '../helpers/real-run.js';
import {
  canMount,
  errorLine,
  expectOneLine,
  fillUp,
  hashOf,
  matrixTable,
  startCli,
  tmpfs,
} from './matrix.js';

const temp = useTempDir('fault-files-');
const table = matrixTable('fault matrix (files)');
const mounts = canMount();
const withMounts = mounts ? it : it.skip;
const RESULTS = join(ROOT, '__fixtures__/results/quick-aa-5reps.json');

type Stage = 'compare' | 'baseline save' | 'history append';

/** The command of a stage, reading `results` and writing under `out`. */
function commandOf(stage: Stage, results: string, out: string, commit = 'abcdef2'): string[] {
  switch (stage) {
    case 'compare':
      return ['compare', results, '--report-dir', out];
    case 'baseline save':
      return ['baseline', 'save', results, '--dir', out, '--commit', commit, '--testbed', 'runner'];
    case 'history append':
      return [
        'history',
        'append',
        results,
        '--dir',
        out,
        '--commit',
        commit,
        '--commit-date',
        '2026-11-02T00:00:00Z',
        '--testbed',
        'runner',
      ];
  }
}

/** Every file under `dir` with its hash: what "the previous one intact" compares. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (at: string): void => {
    let entries;
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name !== 'ballast') files[path.slice(dir.length)] = hashOf(path);
    }
  };
  walk(dir);
  return files;
}

interface FileFault {
  readonly stage: Stage;
  readonly fault: string;
  /** Makes the fault; the results to read, and the undoing of a mount. */
  readonly make: (dir: string, out: string) => { results: string; undo?: () => void };
  readonly line: RegExp;
  /** What the one line tells the user to do before running again (move a corrupted file away). */
  readonly repair?: (out: string) => void;
}

/**
 * A previous output that must survive: each stage's first run (commit abcdef1) writes its
 * baseline, history or report once, into a directory of its own, and every cell starts from a copy.
 */
function usePreviousOutputs(): (stage: Stage, out: string) => void {
  let root = '';
  beforeAll(async () => {
    root = mkdtempSync(join(os.tmpdir(), 'fault-files-first-'));
    await Promise.all(
      STAGES.map(async (stage, index) => {
        const dir = join(root, String(index));
        mkdirSync(dir);
        const first = startCli(commandOf(stage, RESULTS, dir, 'abcdef1'));
        expect({ stage, status: await first.exit }).toEqual({ stage, status: 0 });
      }),
    );
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });
  return (stage, out) => {
    cpSync(join(root, String(STAGES.indexOf(stage))), out, { recursive: true });
  };
}

const STAGES: readonly Stage[] = ['compare', 'baseline save', 'history append'];
const copyPrevious = usePreviousOutputs();

async function checkFiles(fault: FileFault): Promise<void> {
  const out = join(temp.path, 'out');
  mkdirSync(out, { recursive: true });
  copyPrevious(fault.stage, out);
  // Something to keep intact (and, in the corrupted-store cells, to corrupt).
  expect(Object.keys(snapshot(out)).length).toBeGreaterThan(0);
  const { results, undo } = fault.make(temp.path, out);
  const before = snapshot(out);
  const startMs = performance.now();
  let status: unknown;
  let output = '';
  try {
    const run = startCli(commandOf(fault.stage, results, out));
    status = await run.exit;
    output = run.output();
    expectOneLine(output, status, { status: 2, line: fault.line });
    expect(snapshot(out)).toEqual(before);
  } finally {
    undo?.();
  }
  const seconds = (performance.now() - startMs) / 1000;
  fault.repair?.(out);
  const retry = startCli(commandOf(fault.stage, RESULTS, out));
  expect(await retry.exit).toBe(0);
  table.record({
    stage: fault.stage,
    fault: fault.fault,
    end: `exit ${String(status)}: ${errorLine(output)
      .replace(/^mysql-perf-gate: /, '')
      .slice(0, 110)}`,
    seconds,
  });
}

/** The message's advice for a corrupted store file: move it away (a new one is started). */
function moveAway(out: string): void {
  for (const name of Object.keys(snapshot(out))) renameSync(join(out, name), join(out, `${name}.corrupted`));
}

function truncated(dir: string): string {
  const file = join(dir, 'truncated.json');
  writeFileSync(file, readFileSync(RESULTS).subarray(0, 5000));
  return file;
}

function corrupted(dir: string): string {
  const data = JSON.parse(readFileSync(RESULTS, 'utf8')) as { cells: { repetitions: unknown }[] };
  data.cells[0]!.repetitions = 'x';
  const file = join(dir, 'corrupted.json');
  writeFileSync(file, JSON.stringify(data));
  return file;
}

/** Moves the output onto a small filesystem of its own, the previous files with it; returns the unmount. */
function onTmpfs(out: string): () => void {
  const saved = join(out, '..', 'saved');
  mkdirSync(saved, { recursive: true });
  const files = snapshot(out);
  for (const name of Object.keys(files)) {
    mkdirSync(join(saved, name, '..'), { recursive: true });
    copyFileSync(join(out, name), join(saved, name));
  }
  const unmount = tmpfs(out, 8);
  for (const name of Object.keys(files)) {
    mkdirSync(join(out, name, '..'), { recursive: true });
    copyFileSync(join(saved, name), join(out, name));
  }
  return unmount;
}

/** The output on a full filesystem. */
function fullDisk(out: string): () => void {
  const unmount = onTmpfs(out);
  fillUp(out);
  return unmount;
}

/** The output on a read-only filesystem. */
function readOnly(out: string): () => void {
  const unmount = onTmpfs(out);
  execFileSync('mount', ['-o', 'remount,ro', out]);
  return unmount;
}

describe('the fault matrix: files', () => {
  jest.setTimeout(120_000);

  it.each(
    STAGES.flatMap((stage): FileFault[] => [
      {
        stage,
        fault: 'truncated results',
        make: (dir) => ({ results: truncated(dir) }),
        line: /truncated\.json is not JSON: Unterminated string in JSON at position 5000/,
      },
      {
        stage,
        fault: 'corrupted results',
        make: (dir) => ({ results: corrupted(dir) }),
        line: /corrupted\.json is not a valid results file: cells\[0\]\.repetitions = "x": Invalid input: expected array, received string$/,
      },
    ]),
  )('$stage × $fault', checkFiles);

  it.each<FileFault>([
    {
      stage: 'baseline save',
      fault: 'corrupted baseline',
      make: (_dir, out) => {
        const [file] = Object.keys(snapshot(out));
        writeFileSync(join(out, file!), '{"schemaVersion": 1, "entr');
        return { results: RESULTS };
      },
      line: /^mysql-perf-gate: baseline .* is not JSON/,
      repair: moveAway,
    },
    {
      stage: 'history append',
      fault: 'corrupted history',
      make: (_dir, out) => {
        const [file] = Object.keys(snapshot(out));
        writeFileSync(join(out, file!), '{"schemaVersion": 1, "runs": 7}');
        return { results: RESULTS };
      },
      line: /^mysql-perf-gate: .*history/,
      repair: moveAway,
    },
    // The corrupted file is the previous one now: it must be left as it is.
  ])('$stage × $fault', checkFiles);

  withMounts.each(
    STAGES.flatMap((stage): FileFault[] => [
      {
        stage,
        fault: 'unwritable output (read-only)',
        make: (_dir, out) => ({ results: RESULTS, undo: readOnly(out) }),
        line: /read-only file system|cannot be written/,
      },
      {
        stage,
        fault: 'disk full (output)',
        make: (_dir, out) => ({ results: RESULTS, undo: fullDisk(out) }),
        line: /no space left|disk is full|ENOSPC/i,
      },
    ]),
  )('$stage × $fault', checkFiles);
});
