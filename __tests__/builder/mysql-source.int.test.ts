// The `build` command on MySQL 9.7's real source (Debian unstable's mysql-9.7 package): configure
// with the tool's CMake defaults (everything bundled from extra/, nothing downloaded), build one
// small real program, and work out from the tree's real install rules what the server's install
// needs. The server itself is 2,977 ninja steps (about 70 minutes on 2 cores): docs/verified.md.
//
// The tree comes from scripts/fetch-mysql-source.sh, which install-deps.sh --tests runs into a
// cache outside the clone (helpers/source-trees.ts), or from $MYSQL_SOURCE.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { componentNinjaTargets } from '../../src/builder/build-server.js';
import { main } from '../../src/cli/program.js';
import { mysql } from '../../src/flavor/mysql.js';
import { BuildInfo } from '../../src/results/results-schema.js';
import { readCompiler } from '../../src/server/elf-file.js';
import { captureStderr } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';
import { findMysqlSource, mysqlSourceCache } from '../helpers/source-trees.js';

const TREE = findMysqlSource();
if (TREE === undefined) {
  const message = `no MySQL 9.7 source tree: run scripts/fetch-mysql-source.sh ${mysqlSourceCache()} or set MYSQL_SOURCE`;
  if (process.env.CI === 'true') throw new Error(`${message} (CI=true: this is a failure, not a skip)`);
  process.stderr.write(`skipping the MySQL source build test: ${message}\n`);
}
const ready = TREE !== undefined && ['cmake', 'ninja', 'gcc', 'bison'].every((tool) => requireCommand(tool));
const maybe = ready ? describe : describe.skip;

const stderr = captureStderr();
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gate-mysql-build-'));
});
afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

const versionFile = TREE === undefined ? '' : readFileSync(join(TREE, 'MYSQL_VERSION'), 'utf8');
const TREE_VERSION = ['MAJOR', 'MINOR', 'PATCH']
  .map((part) => new RegExp(`MYSQL_VERSION_${part}=(\\d+)`).exec(versionFile)?.[1])
  .join('.');

maybe('build on the real MySQL 9.7 source', () => {
  it('configures with gcc and the defaults, builds gen_lex_token (bison and the SQL grammar), which runs', async () => {
    const buildDir = join(dir, 'gcc');
    const code = await main([
      'node',
      'mysql-perf-gate',
      'build',
      '--source',
      TREE ?? '',
      '--compiler',
      'gcc',
      '--prefix',
      join(dir, 'prefix'),
      '--build-dir',
      buildDir,
      '--target',
      'gen_lex_token',
      '--ccache',
      'off',
    ]);
    expect({ code, tail: code === 0 ? '' : stderr.text.slice(-2000) }).toEqual({ code: 0, tail: '' });
    const info = BuildInfo.parse(JSON.parse(readFileSync(join(buildDir, 'build.json'), 'utf8')));
    expect(info).toMatchObject({ flavor: 'mysql', version: TREE_VERSION, targets: ['gen_lex_token'] });
    expect(info.cmakeOptions).toEqual(
      expect.arrayContaining(['-DWITH_PROTOBUF=bundled', '-DWITH_CURL=none']),
    );
    expect(info.flags.cxx).toMatch(/^-gdwarf-4 .*-O2 -g\b/);
    expect(existsSync(join(dir, 'prefix'))).toBe(false);
    // CMake took the bundled libraries from extra/ and downloaded nothing.
    const configure = readFileSync(join(buildDir, 'configure.log'), 'utf8');
    expect(configure).toMatch(/PROTOBUF_VERSION \(bundled\)/);
    expect(configure).not.toMatch(/Downloading|file\(DOWNLOAD\)|FetchContent/);

    // The program the build made from the grammar bison compiled prints the token table.
    const program = join(buildDir, 'runtime_output_directory/gen_lex_token');
    const output = execFileSync(program, [], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(output).toMatch(/lex_token_array\[\]/);
    expect(output).toMatch(/{ "SELECT", 6, true, true}/);
    const compiled = await readCompiler(program);
    expect(compiled.known && compiled.name).toMatch(/^GCC: /);

    // What the server's install needs, from this tree's real install rules: the server, its
    // components and plugins, the bundled libraries; no test plugin, client or unit test.
    const targets = await componentNinjaTargets(buildDir, mysql.build.installComponents);
    expect(targets).toEqual(
      expect.arrayContaining([
        'runtime_output_directory/mysqld',
        'plugin_output_directory/component_reference_cache.so',
        'plugin_output_directory/group_replication.so',
        expect.stringMatching(/^library_output_directory\/libprotobuf-lite\.so\./) as unknown,
      ]),
    );
    expect(
      targets.filter((target) =>
        /udf_example|_output_directory\/(component_)?test_|\/mysql$|mysqldump/.test(target),
      ),
    ).toEqual([]);
    expect(targets.length).toBeGreaterThan(100);
  });
});
