import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { buildSpaceNeeds, treeBytes } from '../../src/builder/build-space.js';
import type { BuildPlan } from '../../src/builder/build-plan.js';
import { ACTION_NAMES } from '../helpers/option-names.js';

describe('the room a build needs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'build-space-'));
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const tree = join(dir, 'tree');
  mkdirSync(join(tree, 'sql'), { recursive: true });
  mkdirSync(join(tree, '.git'), { recursive: true });
  writeFileSync(join(tree, 'CMakeLists.txt'), 'x'.repeat(1000));
  writeFileSync(join(tree, 'sql', 'handler.cc'), 'y'.repeat(3000));
  writeFileSync(join(tree, '.git', 'pack'), 'z'.repeat(100_000));

  it('counts the tree without .git', async () => {
    expect(await treeBytes(tree)).toEqual({ bytes: 4000, complete: true });
  });

  it('asks 4 times the tree for a new build directory and 1.5 times for the prefix', async () => {
    const plan = {
      tree: { root: tree },
      buildDir: join(dir, 'b'),
      prefix: join(dir, 'p'),
      install: 'all',
      names: ACTION_NAMES,
    };
    const needs = await buildSpaceNeeds(plan as unknown as BuildPlan);
    expect(needs.map((need) => [need.label, need.bytes])).toEqual([
      ['input "build-dir"', 16000],
      ['input "prefix"', 6000],
    ]);
    // A configured build directory is built in place: only the install is asked for.
    mkdirSync(join(dir, 'b'));
    writeFileSync(join(dir, 'b', 'build.ninja'), '');
    const again = await buildSpaceNeeds({ ...plan, install: 'none' } as unknown as BuildPlan);
    expect(again).toEqual([]);
  });
});
