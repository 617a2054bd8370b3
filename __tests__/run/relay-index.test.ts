// The relay log index a replica's datadir gets (run/operation-sources.ts): written in place of
// whatever the server left at its path, a link included, never through it, on real files.
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

import { writeRelayIndex } from '../../src/run/operation-sources.js';
import { useTempDir } from '../helpers/real-run.js';

const temp = useTempDir('gate-relay-index-');
const RELAYS = ['relay.000001', 'relay.000002'];

/** A datadir and a directory outside it, as a run's work directory and a user's files would be. */
function layout(): { datadir: string; outside: string } {
  const datadir = join(temp.path, 'datadir');
  const outside = join(temp.path, 'outside');
  mkdirSync(datadir);
  mkdirSync(outside);
  return { datadir, outside };
}

function expectIndex(datadir: string): void {
  const index = join(datadir, 'relay.index');
  expect(lstatSync(index).isFile()).toBe(true);
  expect(readFileSync(index, 'utf8')).toBe('./relay.000001\n./relay.000002\n');
}

describe('writeRelayIndex', () => {
  it('writes the relay log names in order', async () => {
    const { datadir } = layout();
    await writeRelayIndex(datadir, 'relay', RELAYS);
    expectIndex(datadir);
  });

  it('replaces a link the server planted at the index path, leaving the file it points at as it was', async () => {
    const { datadir, outside } = layout();
    const target = join(outside, 'precious.cnf');
    const bytes = Buffer.from('[mysqld]\n# not the index\n\u0000\u00ff\n', 'latin1');
    writeFileSync(target, bytes);
    symlinkSync(target, join(datadir, 'relay.index'));
    await writeRelayIndex(datadir, 'relay', RELAYS);
    expect(readFileSync(target).equals(bytes)).toBe(true);
    expectIndex(datadir);
  });

  it('creates nothing where a dangling link points', async () => {
    const { datadir, outside } = layout();
    const target = join(outside, 'new-file');
    symlinkSync(target, join(datadir, 'relay.index'));
    await writeRelayIndex(datadir, 'relay', RELAYS);
    expect(existsSync(target)).toBe(false);
    expectIndex(datadir);
  });

  it('replaces an index the server left, and a link to another link', async () => {
    const { datadir, outside } = layout();
    const target = join(outside, 'precious');
    writeFileSync(target, 'kept');
    symlinkSync(target, join(outside, 'hop'));
    symlinkSync(join(outside, 'hop'), join(datadir, 'relay.index'));
    await writeRelayIndex(datadir, 'relay', RELAYS);
    expect(readFileSync(target, 'utf8')).toBe('kept');
    expect(readlinkSync(join(outside, 'hop'))).toBe(target);
    expectIndex(datadir);
    writeFileSync(join(datadir, 'relay.index'), './relay.000009\n');
    await writeRelayIndex(datadir, 'relay', RELAYS);
    expectIndex(datadir);
  });
});
