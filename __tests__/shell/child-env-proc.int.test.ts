// What the allow-list of child-env.ts covers and what it does not (docs/security.md): a child the
// tool starts never finds the action's token in its own environment, but a trusted child, run as
// the same user, reads it from the tool's /proc/<pid>/environ; a sandboxed child sees no process
// of the host in its /proc, the tool's included.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import { describe, expect, it } from '@jest/globals';

import { ROOT } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';

const describeIf = requireCommand('bwrap') ? describe : describe.skip;

describeIf('the action token and the children of the tool', () => {
  it('is in no child’s environment; a trusted child reads it from the tool’s /proc, a sandboxed one cannot', () => {
    const probe = spawnSync(
      process.execPath,
      [
        '--experimental-transform-types',
        '--disable-warning=ExperimentalWarning',
        '--import',
        join(ROOT, '__tests__/helpers/ts-source-hooks.ts'),
        join(ROOT, '__tests__/helpers/environ-probe.ts'),
      ],
      { env: { ...process.env, 'INPUT_GITHUB-TOKEN': 'ghs_probe' }, encoding: 'utf8' },
    );
    expect(probe.stderr).toBe('');
    const found = JSON.parse(probe.stdout) as Record<
      'trusted' | 'sandboxed',
      { own: number; readable: number }
    >;
    expect(found.trusted.own).toBe(0);
    // The tool's own environ at least: deleting the variable from process.env would not change it.
    expect(found.trusted.readable).toBeGreaterThanOrEqual(1);
    expect(found.sandboxed).toEqual({ own: 0, readable: 0 });
  }, 60_000);
});
