import { spawn } from 'node:child_process';

import { DeadlineError, GateError } from '../../src/errors.js';
import { deadlineMessage, quickDeadline, stopChild } from '../../src/shell/deadline.js';
import { exec } from '../../src/shell/exec.js';
import { processesMentioning } from '../helpers/leftovers.js';

/** Whether a process with this pid is still there (not reaped or a zombie of ours). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('exec deadlines', () => {
  it('stops a child that runs past its deadline, even one stopped with SIGSTOP, and names it', async () => {
    const startMs = performance.now();
    // The shell stops itself: only SIGCONT (or SIGKILL) lets a SIGTERM through.
    const run = exec('sh', ['-c', 'echo started; kill -STOP $$; sleep 60'], {
      deadline: { what: 'the stopped shell', seconds: 1, basis: 'a test' },
    });
    const error = await run.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeadlineError);
    const deadlineError = error as DeadlineError;
    expect(deadlineError.message).toBe(
      'the stopped shell did not finish within its deadline of 1s (a test) and was stopped: is it hung (a dead connection, a stopped process, a full disk)?',
    );
    expect(deadlineError.message).not.toContain('\n');
    expect(deadlineError.output.stdout).toBe('started\n');
    // SIGTERM with SIGCONT, not the 5 s SIGKILL grace.
    expect(performance.now() - startMs).toBeLessThan(4000);
  });

  it('stops a child that stays silent past its idle limit, and not one that keeps talking', async () => {
    // The shell's sleep holds the pipes: it is stopped with the shell, or exec would wait for it.
    const silent = exec('sh', ['-c', 'echo one; sleep 31.25; true'], {
      deadline: { what: 'the silent build', seconds: 60, idleSeconds: 1 },
    });
    await expect(silent).rejects.toThrow('the silent build printed nothing for 1s and was stopped');
    expect(processesMentioning('sleep 31.25')).toEqual([]);
    // Talking every half second for 4 s, past an idle limit of 3 s: a limit on the whole run
    // would stop it, and a machine busy with other tests does not stretch a half-second gap to 3 s.
    const talking = exec('sh', ['-c', 'for i in 1 2 3 4 5 6 7 8; do echo $i; sleep 0.5; done'], {
      deadline: { what: 'the talking build', seconds: 60, idleSeconds: 3 },
    });
    await expect(talking).resolves.toMatchObject({ exitCode: 0, stdout: '1\n2\n3\n4\n5\n6\n7\n8\n' });
    // Without the shell's sleep stopped too, exec waits its 31 s and this test runs out of time.
  }, 15_000);

  it('kills a child that ignores SIGTERM after the grace period', async () => {
    const child = spawn('sh', ['-c', 'trap "" TERM; echo ready; sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    await new Promise((resolve) => child.stdout.once('data', resolve));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => {
        resolve(signal);
      }),
    );
    stopChild(child, 'SIGTERM', 300);
    expect(await exited).toBe('SIGKILL');
    expect(alive(child.pid!)).toBe(false);
  });

  it('stops a stopped child when its abort signal fires, with the reason as the cause', async () => {
    const controller = new AbortController();
    const run = exec('sh', ['-c', 'kill -STOP $$; sleep 60'], {
      signal: controller.signal,
      deadline: quickDeadline('sh'),
    });
    setTimeout(() => {
      controller.abort(new GateError('the server died'));
    }, 300);
    const error = (await run.catch((caught: unknown) => caught)) as GateError;
    expect(error.message).toContain('was stopped: the server died');
    expect((error.cause as Error).message).toBe('the server died');
  });

  it('words an idle expiry and a total one apart', () => {
    const deadline = { what: 'git checkout', seconds: 600, idleSeconds: 120 };
    expect(deadlineMessage(deadline, 'total')).toMatch(
      /^git checkout did not finish within its deadline of 10m00s and/,
    );
    expect(deadlineMessage(deadline, 'idle')).toMatch(/^git checkout printed nothing for 2m00s and/);
  });
});
