// The datadir copy of resetData: restore, on real files: what is copied and how, links kept as
// links, the buffer pool's dump left out, the datadir put back; and the space checked first.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

import { checkSpace } from '../../src/run/datadir-snapshot.js';
import { copyDatadir, freeBytes, restoreDatadir, treeBytes } from '../../src/server/datadir-copy.js';
import { useTempDir } from '../helpers/real-run.js';

const temp = useTempDir('gate-datadir-copy-');

/** A small datadir: a table's file, the buffer pool's dump, a link out of it. */
function makeDatadir(): string {
  const datadir = join(temp.path, 'datadir');
  mkdirSync(join(datadir, 'sbtest'), { recursive: true });
  writeFileSync(join(datadir, 'ibdata1'), Buffer.alloc(4096, 1));
  writeFileSync(join(datadir, 'sbtest', 'sbtest1.ibd'), 'rows as prepared');
  writeFileSync(join(datadir, 'ib_buffer_pool'), 'pages');
  writeFileSync(join(temp.path, 'outside'), 'not the datadir');
  symlinkSync(join(temp.path, 'outside'), join(datadir, 'link'));
  return datadir;
}

describe('the datadir copy', () => {
  it('copies the datadir, links as links, without the buffer pool dump, and puts it back', async () => {
    const datadir = makeDatadir();
    const copy = join(temp.path, 'copy');
    const method = await copyDatadir(datadir, copy);
    expect(['reflink', 'copy']).toContain(method);
    expect(readFileSync(join(copy, 'sbtest', 'sbtest1.ibd'), 'utf8')).toBe('rows as prepared');
    expect(existsSync(join(copy, 'ib_buffer_pool'))).toBe(false);
    expect(lstatSync(join(copy, 'link')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(copy, 'link'))).toBe(join(temp.path, 'outside'));

    // The server changes its data; the copy brings it back, and nothing it added stays.
    writeFileSync(join(datadir, 'sbtest', 'sbtest1.ibd'), 'rows changed');
    writeFileSync(join(datadir, 'sbtest', 'sbtest2.ibd'), 'a new table');
    await restoreDatadir(copy, datadir, method);
    expect(readFileSync(join(datadir, 'sbtest', 'sbtest1.ibd'), 'utf8')).toBe('rows as prepared');
    expect(existsSync(join(datadir, 'sbtest', 'sbtest2.ibd'))).toBe(false);
    expect(readFileSync(join(temp.path, 'outside'), 'utf8')).toBe('not the datadir');
    // 4096 + 16 bytes: the files' sizes, the dump left out of the copy.
    expect(await treeBytes(copy)).toBe(4096 + 'rows as prepared'.length);
  });

  it('refuses to copy over something that exists, and says where', async () => {
    const datadir = makeDatadir();
    const copy = join(temp.path, 'copy');
    mkdirSync(copy);
    writeFileSync(join(copy, 'ibdata1'), 'in the way');
    await expect(copyDatadir(datadir, copy, 'copy')).rejects.toThrow(
      `could not copy the datadir ${datadir} to ${copy}`,
    );
  });

  it('refuses copies that would not fit, in one line', async () => {
    const free = await freeBytes(temp.path);
    await expect(checkSpace(temp.path, Math.floor(free / 4), 2, '--work-dir')).resolves.toBeUndefined();
    const refusal = checkSpace(temp.path, free, 2, '--work-dir');
    await expect(refusal).rejects.toThrow(
      new RegExp(
        `^resetData: restore needs 2 × [\\d.]+ MiB for copies of the prepared datadir in ${temp.path}, which has [\\d.]+ MiB free; give --work-dir on a larger file system, or use resetData: re-prepare$`,
      ),
    );
  });
});
