import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { buildSpaceNeeds, checkSpaceUsed, diskUse, treeBytes } from '../../src/builder/build-space.js';
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

  it('after an untrusted build, names the largest files of a directory that holds far more than it may', async () => {
    const plan = {
      tree: { root: tree },
      buildDir: join(dir, 'after-b'),
      prefix: join(dir, 'after-p'),
      names: ACTION_NAMES,
    };
    mkdirSync(plan.buildDir, { recursive: true });
    mkdirSync(join(plan.prefix, 'bin'), { recursive: true });
    writeFileSync(join(plan.buildDir, 'small'), 'x'.repeat(10_000));
    writeFileSync(join(plan.prefix, 'bin', 'mariadbd'), 'x'.repeat(8_000));
    // 3 × 4 × 4000 bytes for the build directory: 10 kB is within it.
    await expect(checkSpaceUsed(plan, 1)).resolves.toBeUndefined();
    writeFileSync(join(plan.buildDir, 'left-behind.bin'), 'x'.repeat(200_000));
    expect((await diskUse(plan.buildDir)).largest.map((file) => file.path)).toEqual([
      join(plan.buildDir, 'left-behind.bin'),
      join(plan.buildDir, 'small'),
    ]);
    await expect(checkSpaceUsed(plan, 1)).rejects.toThrow(
      new RegExp(
        `^the untrusted build left [\\d.]+ MiB in input "build-dir" ${plan.buildDir}, more than the 0\\.0 MiB it may \\(3 times the 4 times the source tree's 0\\.0 MiB checked for before it, at least 0\\.0 MiB; [\\d.]+ MiB free there now\\): its largest files are ${plan.buildDir}/left-behind\\.bin \\(0\\.2 MiB\\), ${plan.buildDir}/small \\(0\\.0 MiB\\)$`,
      ),
    );
    // The floor: a small tree's build may leave up to 1 GiB.
    await expect(checkSpaceUsed(plan)).resolves.toBeUndefined();
  });
});
