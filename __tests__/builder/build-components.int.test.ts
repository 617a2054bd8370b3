// `build` of a MySQL tree installs the server's CMake install components only (Server and
// SharedLibraries) and builds only what they copy: on a stand-in tree laid out like MySQL's
// (__fixtures__/source-trees/fake-mysql), with real cmake, ninja and gcc. Its test plugin does not
// compile, so building it at all fails the build.
import { chmodSync, copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { BuildInfo } from '../../src/results/results-schema.js';
import { inspectServer } from '../../src/server/inspect.js';
import { quickDeadline } from '../../src/shell/deadline.js';
import { exec } from '../../src/shell/exec.js';
import { captureStderr, ROOT, useTempDir } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';

const FAKE = join(ROOT, '__fixtures__/source-trees/fake-mysql');
const ready = ['cmake', 'ninja', 'gcc', 'readelf'].every((tool) => requireCommand(tool));
const maybe = ready ? describe : describe.skip;

const temp = useTempDir('gate-build-mysql-');
const stderr = captureStderr();

function build(prefix: string, ...extra: string[]): Promise<number> {
  return main([
    'node',
    'mysql-perf-gate',
    'build',
    '--source',
    FAKE,
    '--compiler',
    'gcc',
    '--prefix',
    prefix,
    '--ccache',
    'off',
    ...extra,
  ]);
}

maybe('build of a MySQL tree (stand-in laid out like MySQL 9.7, real tools)', () => {
  it('builds and installs the Server and SharedLibraries components only, and the server runs from the prefix', async () => {
    const prefix = join(temp.path, 'mysql');
    const code = await build(prefix);
    expect({
      code,
      errors: stderr.text.split('\n').filter((line) => line.startsWith('mysql-perf-gate: ')),
    }).toEqual({
      code: 0,
      errors: [],
    });
    expect(stderr.text).toContain(
      'building what the install components Server and SharedLibraries need: 2 targets, not all (--full-install builds everything)',
    );
    // The test plugin was neither built nor installed; the server, its library and messages were.
    const log = readFileSync(join(`${prefix}.build`, 'build.log'), 'utf8');
    expect(log).not.toContain('test_plugin');
    const installed = (
      await exec('find', [prefix, '-mindepth', '1', '-printf', '%P\n'], { deadline: quickDeadline('find') })
    ).stdout
      .split('\n')
      .sort();
    expect(installed).toEqual(
      expect.arrayContaining(['bin/mysqld', 'lib/private/libbundled.so.1.0.0', 'share/english/errmsg.sys']),
    );
    expect(installed.filter((file) => file.startsWith('lib/plugin'))).toEqual([]);
    // The installed server finds its library through the RPATH install rewrote: it runs with the
    // build directory out of reach, and says what it is.
    const runpath = (
      await exec('readelf', ['-d', join(prefix, 'bin/mysqld')], { deadline: quickDeadline('readelf') })
    ).stdout;
    expect(runpath).toMatch(/R(UN)?PATH.*\[\$ORIGIN\/\.\.\/lib\/private\]/);
    const server = await inspectServer(prefix);
    expect(server).toMatchObject({ flavor: 'mysql', version: '9.7.2' });
    const info = BuildInfo.parse(JSON.parse(readFileSync(join(prefix, 'build.json'), 'utf8')));
    expect(info).toMatchObject({ flavor: 'mysql', components: ['Server', 'SharedLibraries'], targets: [] });
    // A copy of the binary in a directory of its own has lost its libraries: one line says what to pass.
    const alone = join(temp.path, 'alone');
    mkdirSync(alone);
    copyFileSync(join(prefix, 'bin/mysqld'), join(alone, 'mysqld'));
    chmodSync(join(alone, 'mysqld'), 0o755);
    await expect(inspectServer(join(alone, 'mysqld'))).rejects.toThrow(
      new RegExp(
        `^${alone}/mysqld cannot start: the dynamic loader finds no libbundled\\.so\\.1\\.0\\.0, .*; pass the install prefix or the build tree's runtime_output_directory/mysqld as the server path, not a copy of the binary$`,
      ),
    );
  });

  it('--full-install builds everything, and so fails on the test plugin', async () => {
    const prefix = join(temp.path, 'full');
    expect(await build(prefix, '--full-install')).toBe(2);
    expect(stderr.text).toContain(
      'mysql-perf-gate: compile error: plugin/test_plugin.c:2: #error "a test plugin that does not compile"',
    );
  });

  it('refuses --full-install with --target, before configuring', async () => {
    const prefix = join(temp.path, 'both');
    expect(await build(prefix, '--full-install', '--target', 'mysqld')).toBe(2);
    expect(stderr.text).toContain('--full-install and --target exclude each other');
  });
});
