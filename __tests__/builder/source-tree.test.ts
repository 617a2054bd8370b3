import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { detectSourceTree, parseVersionFile } from '../../src/builder/source-tree.js';
import { InputError } from '../../src/errors.js';

// The identifying files of Debian's MariaDB 10.11.18 source (see __fixtures__/source-trees/README.md).
const REAL_MARIADB = new URL('../../__fixtures__/source-trees/mariadb-10.11.18', import.meta.url).pathname;

let temp: string;
beforeEach(async () => {
  temp = await mkdtemp(join(tmpdir(), 'source-tree-'));
});
afterEach(async () => {
  await rm(temp, { recursive: true, force: true });
});

/** A tiny fake tree: CMakeLists.txt, the given files (content) and directories (no content). */
async function fakeTree(files: Record<string, string>, dirs: string[] = []): Promise<string> {
  const root = join(temp, 'src');
  await mkdir(root, { recursive: true });
  await writeFile(join(root, 'CMakeLists.txt'), 'project(MySQL)\n');
  for (const [name, content] of Object.entries(files)) await writeFile(join(root, name), content);
  for (const dir of dirs) await mkdir(join(root, dir), { recursive: true });
  return root;
}

const version = (major: number, minor: number, patch: number, extra = ''): string =>
  `MYSQL_VERSION_MAJOR=${major}\nMYSQL_VERSION_MINOR=${minor}\nMYSQL_VERSION_PATCH=${patch}\nMYSQL_VERSION_EXTRA=${extra}\n`;

describe('detectSourceTree', () => {
  it('identifies MariaDB 10.11.18 from the identifying files of its real tree', async () => {
    await expect(detectSourceTree(REAL_MARIADB)).resolves.toEqual({
      flavor: 'mariadb',
      version: '10.11.18',
      root: REAL_MARIADB,
    });
  });

  it('identifies a fake MariaDB tree by storage/maria', async () => {
    const root = await fakeTree({ VERSION: version(11, 4, 2) + 'SERVER_MATURITY=stable\n' }, [
      'storage/maria',
    ]);
    await expect(detectSourceTree(root)).resolves.toEqual({ flavor: 'mariadb', version: '11.4.2', root });
  });

  it('reads MySQL 8.0 before the rename from VERSION', async () => {
    const root = await fakeTree({ VERSION: version(8, 0, 26) }, ['storage/innobase']);
    await expect(detectSourceTree(root)).resolves.toEqual({ flavor: 'mysql', version: '8.0.26', root });
  });

  it('reads MySQL 8.0 after the rename from MYSQL_VERSION and finds a bundled boost', async () => {
    const root = await fakeTree({ MYSQL_VERSION: version(8, 0, 36) }, ['boost/boost_1_77_0']);
    await expect(detectSourceTree(root)).resolves.toEqual({
      flavor: 'mysql',
      version: '8.0.36',
      root,
      boostDir: join(root, 'boost'),
    });
  });

  it('reads MySQL 8.4 with a quoted stability field', async () => {
    const root = await fakeTree({ MYSQL_VERSION: version(8, 4, 3) + 'MYSQL_VERSION_STABILITY="LTS"\n' });
    await expect(detectSourceTree(root)).resolves.toEqual({ flavor: 'mysql', version: '8.4.3', root });
  });

  it('keeps a non-numeric EXTRA for MySQL (a release candidate)', async () => {
    const root = await fakeTree({ VERSION: version(8, 0, 4, '-rc') });
    await expect(detectSourceTree(root)).resolves.toMatchObject({ flavor: 'mysql', version: '8.0.4-rc' });
  });

  it('identifies Percona Server by build-ps and keeps its release', async () => {
    const root = await fakeTree({ MYSQL_VERSION: version(8, 0, 35, '-27') }, ['build-ps']);
    await expect(detectSourceTree(root)).resolves.toEqual({ flavor: 'percona', version: '8.0.35-27', root });
  });

  it('identifies Percona Server by a numeric EXTRA alone', async () => {
    const root = await fakeTree({ VERSION: version(5, 7, 39, '-42') });
    await expect(detectSourceTree(root)).resolves.toMatchObject({ flavor: 'percona', version: '5.7.39-42' });
  });

  it('prefers MYSQL_VERSION over VERSION', async () => {
    const root = await fakeTree({ MYSQL_VERSION: version(8, 0, 36), VERSION: 'not a version file\n' });
    await expect(detectSourceTree(root)).resolves.toMatchObject({ version: '8.0.36' });
  });

  it.each([
    ['no version file', {}],
    ['a version file without PATCH', { VERSION: 'MYSQL_VERSION_MAJOR=8\nMYSQL_VERSION_MINOR=0\n' }],
    ['an unrelated VERSION file', { VERSION: '1.2.3\n' }],
  ])('refuses a tree with %s in one line naming what it looked for', async (_name, files) => {
    const root = await fakeTree(files);
    const error = await detectSourceTree(root).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).not.toContain('\n');
    expect((error as Error).message).toContain(
      'MYSQL_VERSION or VERSION file with MYSQL_VERSION_MAJOR/MINOR/PATCH',
    );
  });

  it('refuses a directory without CMakeLists.txt', async () => {
    await writeFile(join(temp, 'VERSION'), version(8, 0, 36));
    await expect(detectSourceTree(temp)).rejects.toThrow(
      /not a MySQL, Percona Server or MariaDB source tree/,
    );
  });

  it('refuses a missing directory', async () => {
    await expect(detectSourceTree(join(temp, 'nope'))).rejects.toThrow(InputError);
  });
});

describe('parseVersionFile', () => {
  it('reads KEY=VALUE lines and strips quotes', () => {
    expect(parseVersionFile('A=1\n# comment\nB="LTS"\nC=\n')).toEqual(
      new Map([
        ['A', '1'],
        ['B', 'LTS'],
        ['C', ''],
      ]),
    );
  });
});
