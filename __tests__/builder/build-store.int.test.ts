// `build --store` end to end on the stand-in tree (__fixtures__/source-trees/fake-mariadb), made a
// git checkout so that a commit names it: saved after the build, reused without configuring or
// compiling, built again when a stored file changed, left alone for local changes.
import {
  appendFileSync,
  cpSync,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, join } from 'node:path';

import type { StoreEntry } from '../../src/builder/prefix-store.js';
import { verifyTree } from '../../src/builder/store-manifest.js';
import { main } from '../../src/cli/program.js';
import { createStderrLogger } from '../../src/cli/stderr-logger.js';
import { buildCommand } from '../../src/commands/build.js';
import { inspectServer } from '../../src/server/inspect.js';
import { captureStderr, ROOT, useTempDir } from '../helpers/real-run.js';
import { git } from '../helpers/git-repo.js';
import { requireCommand } from '../helpers/requirements.js';
import { CLI_NAMES } from '../helpers/option-names.js';

const FAKE = join(ROOT, '__fixtures__/source-trees/fake-mariadb');
const ready = ['cmake', 'ninja', 'gcc', 'git'].every((tool) => requireCommand(tool));
const maybe = ready ? describe : describe.skip;

const temp = useTempDir('gate-build-store-');
const stderr = captureStderr();

/** The stand-in tree as the top of a git checkout with one commit. */
function checkout(): string {
  const tree = join(temp.path, 'src');
  cpSync(FAKE, tree, { recursive: true });
  git(tree, 'init', '--quiet', '-b', 'main');
  git(tree, 'add', '.');
  git(tree, 'commit', '--quiet', '-m', 'fake');
  return tree;
}

function cli(...args: string[]): Promise<number> {
  return main(['node', 'mysql-perf-gate', ...args]);
}

function build(tree: string, prefix: string, ...extra: string[]): Promise<number> {
  const store = ['--store', join(temp.path, 'store')];
  return cli(
    'build',
    '--source',
    tree,
    '--compiler',
    'gcc',
    '--prefix',
    prefix,
    '--ccache',
    'off',
    ...store,
    ...extra,
  );
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

function errorLines(): string[] {
  return stderr.text.split('\n').filter((line) => line.startsWith('mysql-perf-gate: '));
}

/** The store's one entry. */
function onlyEntry(): { dir: string; record: StoreEntry } {
  const store = join(temp.path, 'store');
  const names = readdirSync(store).filter((name) => !name.startsWith('.') && name !== 'store.lock');
  expect(names).toHaveLength(1);
  const dir = join(store, names[0] ?? '');
  return { dir, record: JSON.parse(readFileSync(join(dir, 'entry.json'), 'utf8')) as StoreEntry };
}

maybe('mysql-perf-gate build --store (stand-in tree, real tools)', () => {
  it('saves a build, reuses it for another prefix without building, and builds again when a stored file changed', async () => {
    const tree = checkout();
    const first = join(temp.path, 'first');
    expect({ code: await build(tree, first), errors: errorLines() }).toEqual({ code: 0, errors: [] });
    const { dir, record } = onlyEntry();
    expect(stderr.text).toContain(`kept ${first} in the store as ${dir.split('/').at(-1) ?? ''} (`);
    expect(record.key).toMatchObject({
      flavor: 'mariadb',
      commit: git(tree, 'rev-parse', 'HEAD'),
      install: 'all',
    });
    expect(Object.keys(record.files)).toEqual(['bin/mariadbd', 'build.json']);
    expect(lstatSync(first).isDirectory()).toBe(true);

    // Another prefix, the same key: a link to the stored prefix, no configure, no compile.
    const second = join(temp.path, 'second');
    const before = stderr.text.length;
    const started = performance.now();
    const outcome = await buildCommand(
      {
        source: tree,
        compiler: 'gcc',
        prefix: second,
        buildType: 'RelWithDebInfo',
        names: CLI_NAMES,
        cmakeArgs: [],
        targets: [],
        ccache: 'off',
        store: { dir: join(temp.path, 'store'), maxBytes: 2 ** 30 },
      },
      createStderrLogger({ verbose: false }),
    );
    expect(performance.now() - started).toBeLessThan(5000);
    const output = stderr.text.slice(before);
    expect(output).toMatch(
      new RegExp(
        `^reused ${second} from the store \\(MariaDB 10\\.11\\.18 at [0-9a-f]{12}, gcc [\\d.]+, RelWithDebInfo, key [0-9a-f]{12}, built \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\)$`,
        'm',
      ),
    );
    expect(output).not.toMatch(/configur|build: |installed: /);
    expect(existsSync(`${second}.build`)).toBe(false);
    expect({ reused: outcome.reused, storeEntry: outcome.storeEntry }).toEqual({
      reused: true,
      storeEntry: dir,
    });
    expect(outcome.summary).toContain(`time: none, reused from the store entry ${dir}`);
    expect(readlinkSync(second)).toBe(join(dir, 'prefix'));
    const install = await inspectServer(second);
    expect(install.build).toEqual(JSON.parse(readFileSync(join(first, 'build.json'), 'utf8')));

    // A build into the linked prefix without the store replaces the link: nothing reaches the store.
    expect(
      await cli('build', '--source', tree, '--compiler', 'gcc', '--prefix', second, '--ccache', 'off'),
    ).toBe(0);
    expect(lstatSync(second).isDirectory()).toBe(true);
    expect(stderr.text).toContain(
      `${second} was a link to a stored build; installing into a directory of its own`,
    );
    expect(verifyTree(join(dir, 'prefix'), record.files)).toBeUndefined();

    // One flipped byte in the stored server: one line, the entry dropped, built and saved again.
    const binary = join(dir, 'prefix/bin/mariadbd');
    const bytes = readFileSync(binary);
    bytes[100] = (bytes[100] ?? 0) ^ 0xff;
    writeFileSync(binary, bytes);
    const third = join(temp.path, 'third');
    const at = stderr.text.length;
    expect(await build(tree, third)).toBe(0);
    const rebuilt = stderr.text.slice(at);
    expect(rebuilt).toContain(
      `the stored build ${dir.split('/').at(-1) ?? ''} failed its checksum (bin/mariadbd changed): building again\n`,
    );
    expect(rebuilt).toMatch(/configured in /);
    expect(rebuilt).toContain(`kept ${third} in the store as`);
    expect(lstatSync(third).isDirectory()).toBe(true);
    expect(verifyTree(join(onlyEntry().dir, 'prefix'), onlyEntry().record.files)).toBeUndefined();
  });

  it('a stored server that no longer starts (its checksums matching) is dropped and built again', async () => {
    const tree = checkout();
    expect(await build(tree, join(temp.path, 'first'))).toBe(0);
    const { dir, record } = onlyEntry();
    // As when a system library it loads was upgraded: the files are as saved, the server is not.
    const script =
      '#!/bin/sh\necho "error while loading shared libraries: libfmt.so.9: cannot open shared object file"; exit 127\n';
    writeFileSync(join(dir, 'prefix/bin/mariadbd'), script);
    const files = { ...record.files, 'bin/mariadbd': { sha256: sha256(script), size: script.length } };
    writeFileSync(join(dir, 'entry.json'), JSON.stringify({ ...record, files }));
    const second = join(temp.path, 'second');
    const at = stderr.text.length;
    expect(await build(tree, second)).toBe(0);
    const output = stderr.text.slice(at);
    expect(output).toMatch(
      new RegExp(
        `^the stored build ${basename(dir)} failed its first check \\(.*cannot start: the dynamic loader finds no libfmt\\.so\\.9.*\\): building again$`,
        'm',
      ),
    );
    expect(output).toMatch(/configured in /);
    expect(lstatSync(second).isDirectory()).toBe(true);
    expect(verifyTree(join(onlyEntry().dir, 'prefix'), onlyEntry().record.files)).toBeUndefined();
  });

  it('a tree with local changes is built and not stored, with one line saying why', async () => {
    const tree = checkout();
    appendFileSync(join(tree, 'sql/mysqld.c'), '\n/* a local change */\n');
    expect(await build(tree, join(temp.path, 'dirty'))).toBe(0);
    expect(stderr.text).toContain(
      `not using the store ${join(temp.path, 'store')}: ${tree} has local changes, which commit ${git(tree, 'rev-parse', 'HEAD').slice(0, 12)} does not hold`,
    );
    expect(existsSync(join(temp.path, 'store'))).toBe(false);
  });

  it('a tree that is no git checkout is built and not stored', async () => {
    expect(await build(FAKE, join(temp.path, 'plain'))).toBe(0);
    expect(stderr.text).toMatch(/not using the store .*fake-mariadb is not the top of a git checkout/);
  });

  it('refuses to replace a directory no build made with the stored build', async () => {
    const tree = checkout();
    expect(await build(tree, join(temp.path, 'first'))).toBe(0);
    const other = join(temp.path, 'data');
    cpSync(join(tree, 'sql'), join(other, 'sql'), { recursive: true });
    expect(await build(tree, other)).toBe(2);
    expect(errorLines()).toEqual([
      `mysql-perf-gate: the install prefix ${other} holds files but no build.json, so no build made it; give a new or empty directory as --prefix, or remove it`,
    ]);
    expect(lstatSync(other).isDirectory()).toBe(true);
  });

  it('--store-size without --store is refused', async () => {
    const code = await cli(
      'build',
      '--source',
      FAKE,
      '--compiler',
      'gcc',
      '--prefix',
      join(temp.path, 'x'),
      '--store-size',
      '1G',
    );
    expect(code).toBe(2);
    expect(errorLines()).toEqual(['mysql-perf-gate: --store-size 1G needs --store too']);
  });
});
