import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { InputError } from '../../src/errors.js';
import { checkFreeSpace, existingAncestor, freeBytes, fullDiskLine } from '../../src/shell/disk-space.js';

describe('free space', () => {
  const dir = mkdtempSync(join(tmpdir(), 'disk-space-'));
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('asks the nearest existing parent of a path not made yet', () => {
    expect(existingAncestor(join(dir, 'a', 'b', 'c'))).toBe(dir);
    expect(freeBytes(join(dir, 'a', 'b'))).toBe(freeBytes(dir));
  });

  it('lets needs through that fit, and names the short path and by how much otherwise', () => {
    const free = freeBytes(dir) ?? 0;
    expect(() => {
      checkFreeSpace([{ path: dir, label: '--work-dir', bytes: 1024, what: "the head's datadir" }]);
    }).not.toThrow();
    const needs = [
      { path: join(dir, 'work'), label: '--work-dir', bytes: free, what: "the head's datadir", detail: 'x' },
      { path: join(dir, 'out'), label: '--out', bytes: 2 ** 30, what: 'the raw output' },
    ];
    const error = (() => {
      try {
        checkFreeSpace(needs);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(InputError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    // Both needs are on one filesystem: added up, and the shortfall is the raw output's GiB.
    expect(message).toMatch(/^not enough free space: .* share [\d.]+ MiB free/);
    expect(message).toContain("the head's datadir");
    expect(message).toContain('the raw output 1024.0 MiB');
    expect(message).toMatch(/free 10(23\.\d|24\.0) MiB or choose --work-dir or --out on a larger disk$/);
  });

  it('says nothing of space for a failure on a disk with room', () => {
    expect(fullDiskLine([{ path: dir, label: '--work-dir' }], 'sysbench failed')).toBeUndefined();
  });
});
