// The `build` command on Debian's real MariaDB 10.11 source: configure with the tool's CMake
// options (no downloads), then build one small real program with each compiler: comp_sql, C and
// C++ and no library of the tree's, which the server's own build runs to embed its bootstrap SQL.
// The whole server takes ~23 minutes on 2 cores; the opt-in end-to-end test
// (e2e/compilers.e2e.ts) builds it.
//
// The tree comes from scripts/fetch-mariadb-source.sh (CI runs it through install-deps.sh), or
// from $MARIADB_SOURCE (helpers/mariadb-source.ts looks in both places).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { BuildInfo } from '../../src/results/results-schema.js';
import { readCompiler } from '../../src/server/elf-file.js';
import { findMariadbSource } from '../helpers/source-trees.js';
import { captureStderr } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';

const TREE = findMariadbSource();
if (TREE === undefined) {
  const message =
    'no MariaDB 10.11 source tree: run scripts/fetch-mariadb-source.sh build/sources or set MARIADB_SOURCE';
  if (process.env.CI === 'true') throw new Error(`${message} (CI=true: this is a failure, not a skip)`);
  process.stderr.write(`skipping the real-source build tests: ${message}\n`);
}
const ready = TREE !== undefined && ['cmake', 'ninja', 'gcc', 'clang'].every((tool) => requireCommand(tool));
const maybe = ready ? describe : describe.skip;

const stderr = captureStderr();
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gate-mariadb-build-'));
});
afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

function cli(...args: string[]): Promise<number> {
  return main(['node', 'mysql-perf-gate', ...args]);
}

const versionFile = TREE === undefined ? '' : readFileSync(join(TREE, 'VERSION'), 'utf8');
const TREE_VERSION = ['MAJOR', 'MINOR', 'PATCH']
  .map((part) => new RegExp(`MYSQL_VERSION_${part}=(\\d+)`).exec(versionFile)?.[1])
  .join('.');

maybe('build on the real MariaDB source', () => {
  it.each([
    ['gcc', /^GCC: /],
    ['clang', /clang version/],
  ])('configures with %s and builds comp_sql, which runs', async (compiler, elfComment) => {
    const buildDir = join(dir, compiler);
    const code = await cli(
      'build',
      '--source',
      TREE ?? '',
      '--compiler',
      compiler,
      '--prefix',
      join(dir, `${compiler}-prefix`),
      '--build-dir',
      buildDir,
      '--target',
      'comp_sql',
      '--ccache',
      'off',
    );
    expect({ code, tail: code === 0 ? '' : stderr.text.slice(-2000) }).toEqual({ code: 0, tail: '' });
    const program = join(buildDir, 'scripts/comp_sql');
    // It reads SQL statements (its comments dropped) and writes them as a C array.
    const sql = join(dir, `${compiler}.sql`);
    const out = join(dir, `${compiler}.c`);
    writeFileSync(sql, '-- a comment\nSELECT 1;\nCREATE TABLE t (a INT);\n');
    execFileSync(program, ['bootstrap_sql', sql, out]);
    const generated = readFileSync(out, 'utf8');
    expect(generated).toContain('const char* bootstrap_sql[]={');
    expect(generated).toMatch(/"SELECT 1;\\n",\s*"CREATE TABLE t \(a INT\);\\n"/);
    expect(generated).not.toContain('a comment');
    const compiled = await readCompiler(program);
    expect(compiled.known && compiled.name).toMatch(elfComment);

    const info = BuildInfo.parse(JSON.parse(readFileSync(join(buildDir, 'build.json'), 'utf8')));
    expect(info).toMatchObject({ flavor: 'mariadb', version: TREE_VERSION, targets: ['comp_sql'] });
    expect(info.compiler.id).toBe(compiler);
    // The build type's flags follow ours: what MariaDB was really compiled with.
    expect(info.flags.cxx).toBe('-gdwarf-4 -O2 -g -DNDEBUG');
    expect(info.seconds.configure).toBeGreaterThan(1);
    // Nothing was installed: only a target was asked for.
    expect(existsSync(join(dir, `${compiler}-prefix`))).toBe(false);
    // CMake saw the tool's offline options (the configure log says it used the system libraries).
    expect(readFileSync(join(buildDir, 'configure.log'), 'utf8')).toMatch(/HAVE_SYSTEM_LIBFMT - Success/);
  });

  it('a build that tries to download bundled libfmt names the option that avoids it', async () => {
    // Proxies that refuse every connection make the download fail here as it would offline.
    const saved = { https_proxy: process.env.https_proxy, http_proxy: process.env.http_proxy };
    process.env.https_proxy = 'http://127.0.0.1:9';
    process.env.http_proxy = 'http://127.0.0.1:9';
    let code: number;
    try {
      code = await cli(
        'build',
        '--source',
        TREE ?? '',
        '--compiler',
        'gcc',
        '--prefix',
        join(dir, 'fmt-prefix'),
        '--build-dir',
        join(dir, 'gcc'),
        '--cmake-arg=-DWITH_LIBFMT=bundled',
        '--target',
        'libfmt',
        '--ccache',
        'off',
      );
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) Reflect.deleteProperty(process.env, name);
        else process.env[name] = value;
      }
    }
    expect(code).toBe(2);
    const errors = stderr.text.split('\n').filter((line) => line.startsWith('mysql-perf-gate: '));
    expect(errors).toEqual([
      expect.stringMatching(
        /^mysql-perf-gate: the build tried to download libfmt \(https:\/\/github\.com\/fmtlib\/fmt\/releases\/download\/.*\.zip\), which failed; .*-DWITH_LIBFMT=system.*libfmt-dev.*; full log: .*build\.log$/,
      ),
    ]);
  });
});
