import { InterruptedError } from '../../src/errors.js';
import { CleanupScope, inCleanupScope, withCleanupScope } from '../../src/shell/cleanup.js';
import { quickDeadline } from '../../src/shell/deadline.js';
import { exec, ExecError } from '../../src/shell/exec.js';

const MINUTE = quickDeadline('sh');

describe('CleanupScope', () => {
  it('undoes newest first, runs every undo even when one fails, and reports the failures', async () => {
    const scope = new CleanupScope();
    const order: string[] = [];
    scope.add('first', () => Promise.resolve(void order.push('first')));
    scope.add('broken', () => Promise.reject(new Error('disk gone')));
    scope.add('last', () => Promise.resolve(void order.push('last')));
    expect(await scope.release()).toEqual(['broken: disk gone']);
    expect(order).toEqual(['last', 'first']);
    expect(await scope.release()).toEqual([]);
  });

  it('runs an undo early once, when its handle is called', async () => {
    const scope = new CleanupScope();
    let runs = 0;
    const early = scope.add('once', () => Promise.resolve(void (runs += 1)));
    await early();
    await early();
    await scope.release();
    expect(runs).toBe(1);
  });

  it('aborts its signal with an InterruptedError on interrupt', () => {
    const scope = new CleanupScope();
    scope.interrupt('SIGTERM');
    expect(scope.signal.aborted).toBe(true);
    expect(scope.signal.reason).toBeInstanceOf(InterruptedError);
    expect(() => {
      scope.throwIfInterrupted();
    }).toThrow('interrupted by SIGTERM');
  });
});

describe('withCleanupScope', () => {
  it('releases on success and on failure, and reports what could not be undone', async () => {
    const reported: string[][] = [];
    const report = (failures: string[]): void => void reported.push(failures);
    let released = 0;
    await expect(
      withCleanupScope((scope) => {
        scope.add('ok', () => Promise.resolve(void (released += 1)));
        return Promise.resolve(42);
      }, report),
    ).resolves.toBe(42);
    await expect(
      withCleanupScope((scope) => {
        scope.add('ok', () => Promise.resolve(void (released += 1)));
        scope.add('stuck', () => Promise.reject(new Error('busy')));
        return Promise.reject(new Error('boom'));
      }, report),
    ).rejects.toThrow('boom');
    expect(released).toBe(2);
    expect(reported).toEqual([['stuck: busy']]);
  });

  it('turns a signal during the work into an InterruptedError after cleaning up', async () => {
    let cleaned = false;
    const run = withCleanupScope(
      async (scope) => {
        scope.add('x', () => Promise.resolve(void (cleaned = true)));
        process.emit('SIGINT', 'SIGINT');
        await new Promise((resolve) => setTimeout(resolve, 10));
        return 'finished anyway';
      },
      () => undefined,
    );
    await expect(run).rejects.toBeInstanceOf(InterruptedError);
    expect(cleaned).toBe(true);
    expect(process.listenerCount('SIGINT')).toBe(0);
  });
});

describe('exec', () => {
  it('returns exit status and output, or throws an ExecError quoting stderr', async () => {
    await expect(exec('sh', ['-c', 'echo out; echo err >&2'], { deadline: MINUTE })).resolves.toMatchObject({
      exitCode: 0,
      stdout: 'out\n',
      stderr: 'err\n',
    });
    await expect(exec('sh', ['-c', 'echo bad thing >&2; exit 3'], { deadline: MINUTE })).rejects.toThrow(
      new ExecError('sh -c echo bad thing >&2; exit 3', {
        exitCode: 3,
        signal: null,
        stdout: '',
        stderr: 'bad thing\n',
      }),
    );
    await expect(exec('sh', ['-c', 'exit 3'], { check: false, deadline: MINUTE })).resolves.toMatchObject({
      exitCode: 3,
    });
  });

  it('says how to install a missing program', async () => {
    await expect(
      exec('no-such-tool-xyz', [], { installHint: 'apt-get install xyz', deadline: MINUTE }),
    ).rejects.toThrow('no-such-tool-xyz was not found; apt-get install xyz');
  });
});

describe('inCleanupScope', () => {
  const warnings: string[] = [];
  const logger = { warning: (message: string) => void warnings.push(message) };

  it('releases a scope of its own and warns about what it could not undo', async () => {
    const undone: string[] = [];
    await inCleanupScope(logger, (scope) => {
      scope.add('dir', () => Promise.resolve(void undone.push('dir')));
      scope.add('socket', () => Promise.reject(new Error('busy')));
      return Promise.resolve();
    });
    expect(undone).toEqual(['dir']);
    expect(warnings).toEqual(['could not clean up everything:\nsocket: busy']);
  });

  it("runs in the caller's scope and leaves releasing it to the caller", async () => {
    const caller = new CleanupScope();
    const undone: string[] = [];
    const seen = await inCleanupScope(
      logger,
      (scope) => {
        scope.add('server', () => Promise.resolve(void undone.push('server')));
        return Promise.resolve(scope);
      },
      caller,
    );
    expect(seen).toBe(caller);
    expect(undone).toEqual([]);
    await caller.release();
    expect(undone).toEqual(['server']);
  });
});
