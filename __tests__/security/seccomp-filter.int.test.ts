// The seccomp filter shipped in assets/seccomp/ is what its source, scripts/seccomp-filter.py,
// compiles to with libseccomp (Debian's python3-seccomp): rebuilt here, byte for byte.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from '@jest/globals';

import { ROOT, useTempDir } from '../helpers/real-run.js';

const PYTHON = '/usr/bin/python3';
const ASSETS = join(ROOT, 'assets/seccomp');

/** Whether Debian's python3-seccomp is there; with CI=true its absence fails the file instead. */
function hasLibseccomp(): boolean {
  if (spawnSync(PYTHON, ['-c', 'import seccomp']).status === 0) return true;
  const message = `${PYTHON} cannot import seccomp (Debian's python3-seccomp)`;
  if (process.env.CI === 'true')
    throw new Error(`${message}; CI=true, so this fails instead of being skipped`);
  process.stderr.write(`skipping the seccomp filter's rebuild: ${message}\n`);
  return false;
}

(hasLibseccomp() ? describe : describe.skip)('the seccomp filter', () => {
  const tmp = useTempDir('seccomp-filter-');

  it('is rebuilt from its source byte for byte, for every machine it ships for', () => {
    const result = spawnSync(PYTHON, [join(ROOT, 'scripts/seccomp-filter.py'), tmp.path], {
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const shipped = readdirSync(ASSETS).sort();
    expect(shipped).toEqual(['aarch64.bpf', 'x86_64.bpf']);
    expect(readdirSync(tmp.path).sort()).toEqual(shipped);
    for (const name of shipped) {
      const rebuilt = readFileSync(join(tmp.path, name));
      expect({ name, same: rebuilt.equals(readFileSync(join(ASSETS, name))) }).toEqual({ name, same: true });
      // BPF instructions are 8 bytes each; bwrap refuses anything else.
      expect(rebuilt.length % 8).toBe(0);
    }
  });
});
