// A fork's build started from the trusted base's (build --untrusted --base-build-dir), end to end on
// the stand-in tree (__fixtures__/source-trees/fake-mariadb) with real cmake, ninja, gcc, ccache and
// bubblewrap: only the changed file compiles, the trusted ccache answers read-only, and the trusted
// build directory and ccache are byte for byte what they were. What a hostile tree tries against
// them is in __tests__/security/hostile-tree.int.test.ts.
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { BuildInfo } from '../../src/results/results-schema.js';
import { checksums } from '../helpers/checksums.js';
import { captureStderr, ROOT, useTempDir } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';

const FAKE = join(ROOT, '__fixtures__/source-trees/fake-mariadb');
const ready = ['cmake', 'ninja', 'gcc', 'ccache', 'bwrap'].every((tool) => requireCommand(tool));
const maybe = ready ? describe : describe.skip;

const temp = useTempDir('base-build-');
const stderr = captureStderr();

function cli(...args: string[]): Promise<number> {
  return main(['node', 'mysql-perf-gate', ...args]);
}

function buildJson(dir: string): BuildInfo {
  return BuildInfo.parse(JSON.parse(readFileSync(join(dir, 'build.json'), 'utf8')));
}

/** The trusted base: the stand-in tree built trusted, through the trusted ccache. */
async function trustedBase(): Promise<{ tree: string; buildDir: string; ccache: string }> {
  const tree = join(temp.path, 'base');
  cpSync(FAKE, tree, { recursive: true });
  const ccache = join(temp.path, 'trusted-ccache');
  const prefix = join(temp.path, 'base-prefix');
  expect(
    await cli('build', '--source', tree, '--compiler', 'gcc', '--prefix', prefix, '--ccache-dir', ccache),
  ).toBe(0);
  return { tree, buildDir: `${prefix}.build`, ccache };
}

/** The pull request's tree: the base's, with `change` applied, in a checkout of its own. */
function headTree(change: (tree: string) => void): string {
  const tree = join(temp.path, 'head');
  cpSync(FAKE, tree, { recursive: true });
  change(tree);
  return tree;
}

async function untrustedBuild(tree: string, baseBuildDir: string): Promise<{ code: number; prefix: string }> {
  const prefix = join(temp.path, 'pr', 'head-prefix');
  const code = await cli(
    'build',
    '--source',
    tree,
    '--compiler',
    'gcc',
    '--prefix',
    prefix,
    '--untrusted',
    '--ccache-dir',
    join(temp.path, 'pr', 'ccache'),
    '--base-build-dir',
    baseBuildDir,
  );
  return { code, prefix };
}

/** A comment at the end of a line: the file differs, its preprocessed text does not. */
function commentOnly(tree: string): void {
  const file = join(tree, 'sql', 'mysqld.c');
  writeFileSync(file, readFileSync(file, 'utf8').replace('return 1;', 'return 1; /* a fork was here */'));
}

maybe('build --untrusted --base-build-dir (stand-in tree, real tools, the sandbox)', () => {
  it("compiles only the changed file, answered by the trusted ccache read-only, and leaves the base's build and cache as they were", async () => {
    const base = await trustedBase();
    expect(existsSync(join(base.ccache, 'shared'))).toBe(true);
    const before = { build: checksums(base.buildDir), ccache: checksums(base.ccache) };
    const { code, prefix } = await untrustedBuild(headTree(commentOnly), base.buildDir);
    expect({
      code,
      errors: stderr.text.split('\n').filter((line) => line.startsWith('mysql-perf-gate:')),
    }).toEqual({
      code: 0,
      errors: [],
    });
    const info = buildJson(prefix);
    expect(info.ninja?.compiled).toEqual(['CMakeFiles/mariadbd.dir/sql/mysqld.c.o']);
    // The stand-in's one object and its link: all of its steps, which for a tree this small is all of it.
    expect(info.startedFrom).toMatchObject({
      dir: base.buildDir,
      changedFiles: 1,
      steps: 2,
      totalSteps: 2,
      full: true,
    });
    expect(info.ccache).toMatchObject({ used: true, hits: 1, remoteHits: 1, misses: 0 });
    expect(stderr.text).toContain("started from the trusted base's build");
    expect(stderr.text).toContain("from the base's build, 2 of 2 steps to run");
    expect({ build: checksums(base.buildDir), ccache: checksums(base.ccache) }).toEqual(before);
  }, 240_000);

  it('refuses, in one line each, an untrusted ccache in or holding the trusted one or its store, and a build in the tree', async () => {
    const base = await trustedBase();
    const head = headTree(commentOnly);
    const before = { build: checksums(base.buildDir), ccache: checksums(base.ccache) };
    const store = join(base.ccache, 'shared');
    const attempt = async (...args: string[]): Promise<string[]> => {
      const from = stderr.text.length;
      const code = await cli(
        'build',
        '--source',
        head,
        '--compiler',
        'gcc',
        '--untrusted',
        ...args,
        '--base-build-dir',
        base.buildDir,
      );
      const said = stderr.text
        .slice(from)
        .split('\n')
        .filter((line) => line.startsWith('mysql-perf-gate:'));
      expect({ code, lines: said.length }).toEqual({ code: 2, lines: 1 });
      return said;
    };
    const prefix = join(temp.path, 'pr', 'head-prefix');
    expect(await attempt('--prefix', prefix, '--ccache-dir', base.ccache)).toEqual([
      expect.stringMatching(
        /--ccache-dir \S+trusted-ccache overlaps the trusted base's ccache (store|directory)/,
      ),
    ]);
    expect(await attempt('--prefix', prefix, '--ccache-dir', join(store, 'ab'))).toEqual([
      expect.stringMatching(/--ccache-dir \S+shared\/ab overlaps the trusted base's ccache store/),
    ]);
    expect(
      await attempt(
        '--prefix',
        prefix,
        '--build-dir',
        join(head, 'build'),
        '--ccache-dir',
        join(temp.path, 'pr', 'ccache'),
      ),
    ).toEqual([
      expect.stringMatching(
        /--build-dir \S+head\/build lies in the source tree \S+head: with --base-build-dir/,
      ),
    ]);
    expect({ build: checksums(base.buildDir), ccache: checksums(base.ccache) }).toEqual(before);
  }, 240_000);
});
