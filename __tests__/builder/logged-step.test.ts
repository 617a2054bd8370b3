// A build step's output teed into its log: kept whole on success, failure and interruption.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { droppedLine, logged, LOG_CAP } from '../../src/builder/logged-step.js';
import { InterruptedError } from '../../src/errors.js';
import { CleanupScope } from '../../src/shell/cleanup.js';
import type { ExecResult } from '../../src/shell/exec.js';
import type { Logger } from '../../src/shell/logger.js';

const OK: ExecResult = { exitCode: 0, signal: null, stdout: '', stderr: '' };

/** A logger that keeps info lines and fails the test on anything else. */
function infoLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const unexpected = (message: string): void => {
    throw new Error(`unexpected log line: ${message}`);
  };
  const logger: Logger = {
    info: (message) => lines.push(message),
    warning: unexpected,
    error: unexpected,
    debug: unexpected,
    progress: unexpected,
    group: (_name, fn) => fn(),
  };
  return { logger, lines };
}

let temp: string;
beforeEach(async () => {
  temp = await mkdtemp(join(tmpdir(), 'logged-step-test-'));
});
afterEach(async () => {
  await rm(temp, { recursive: true, force: true });
});

describe('logged', () => {
  it('returns the result and the output, and leaves the same output in the log', async () => {
    const { logger, lines } = infoLogger();
    const log = join(temp, 'configure.log');
    const step = await logged(log, new CleanupScope(), logger, 'configure', (sink) => {
      sink('-- The C compiler\n');
      sink('-- Configuring done\n');
      return Promise.resolve({ ...OK, exitCode: 1 });
    });
    expect(step.result.exitCode).toBe(1);
    expect(step.text).toBe('-- The C compiler\n-- Configuring done\n');
    expect(step.seconds).toBeGreaterThanOrEqual(0);
    expect(readFileSync(log, 'utf8')).toBe(step.text);
    expect(lines).toEqual(['configure…']);
  });

  it('keeps the output so far when the step throws, and names the log when interrupted', async () => {
    const { logger, lines } = infoLogger();
    const log = join(temp, 'build.log');
    const scope = new CleanupScope();
    const step = logged(log, scope, logger, 'build', (sink) => {
      sink('[1/2] Building C object a.o\n');
      scope.interrupt('SIGINT');
      return Promise.reject(new InterruptedError('SIGINT'));
    });
    await expect(step).rejects.toBeInstanceOf(InterruptedError);
    expect(readFileSync(log, 'utf8')).toBe('[1/2] Building C object a.o\n');
    expect(lines).toEqual(['build…', `build interrupted; its output so far is in ${log}`]);
  });

  it('does not start a step once the scope is interrupted', async () => {
    const { logger, lines } = infoLogger();
    const scope = new CleanupScope();
    scope.interrupt('SIGTERM');
    let ran = false;
    const step = logged(join(temp, 'install.log'), scope, logger, 'install', () => {
      ran = true;
      return Promise.resolve(OK);
    });
    await expect(step).rejects.toBeInstanceOf(InterruptedError);
    expect({ ran, lines }).toEqual({ ran: false, lines: [] });
  });

  it('keeps the head and the tail of a flood, and says in the log and the output how much it dropped', async () => {
    const { logger, lines } = infoLogger();
    const log = join(temp, 'build.log');
    const cap = { headBytes: 10, tailBytes: 8 };
    const step = await logged(
      log,
      new CleanupScope(),
      logger,
      'build',
      (sink) => {
        // 26 + 26 + 10 bytes in chunks that straddle both cuts.
        for (const chunk of ['abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'])
          sink(chunk);
        return Promise.resolve({ ...OK, exitCode: 1 });
      },
      cap,
    );
    const marker = droppedLine(44, cap);
    expect(marker).toContain('44 bytes) of output dropped here');
    expect(step.droppedBytes).toBe(44);
    expect(step.text).toBe(`abcdefghij${marker}23456789`);
    expect(readFileSync(log, 'utf8')).toBe(step.text);
    expect(lines).toEqual([
      'build…',
      `build printed 0.0 MiB; ${log} keeps its first 0.0 MiB and last 0.0 MiB (0.0 MiB dropped between)`,
    ]);
  });

  it('keeps everything up to the cap, which is 32 MiB of head and 32 MiB of tail', async () => {
    expect(LOG_CAP).toEqual({ headBytes: 32 * 2 ** 20, tailBytes: 32 * 2 ** 20 });
    const { logger } = infoLogger();
    const log = join(temp, 'install.log');
    const cap = { headBytes: 4, tailBytes: 4 };
    const step = await logged(
      log,
      new CleanupScope(),
      logger,
      'install',
      (sink) => {
        sink('1234');
        sink('5678');
        return Promise.resolve(OK);
      },
      cap,
    );
    expect({ text: step.text, dropped: step.droppedBytes }).toEqual({ text: '12345678', dropped: 0 });
    expect(readFileSync(log, 'utf8')).toBe('12345678');
  });
});
