// A stored prefix's manifest: recorded once, and every kind of change found when checked.
import { createHash } from 'node:crypto';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import {
  hashFile,
  type Manifest,
  manifestOf,
  scanTree,
  shapeDifference,
  verifyTree,
} from '../../src/builder/store-manifest.js';

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(os.tmpdir(), 'gate-manifest-'));
  mkdirSync(join(root, 'bin'));
  mkdirSync(join(root, 'lib/plugin'), { recursive: true });
  mkdirSync(join(root, 'empty'));
  writeFileSync(join(root, 'bin/mariadbd'), Buffer.alloc(5 << 20, 7));
  writeFileSync(join(root, 'lib/plugin/ha.so'), 'plugin');
  writeFileSync(join(root, 'build.json'), '{}\n');
  symlinkSync('mariadbd', join(root, 'bin/mysqld'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

describe('manifestOf', () => {
  it('records every file by checksum and size, every symlink by target, and the bytes', () => {
    const { manifest, bytes } = manifestOf(root);
    expect(manifest).toEqual({
      'bin/mariadbd': { sha256: sha256(Buffer.alloc(5 << 20, 7)), size: 5 << 20 },
      'bin/mysqld': { link: 'mariadbd' },
      'build.json': { sha256: sha256('{}\n'), size: 3 },
      'lib/plugin/ha.so': { sha256: sha256('plugin'), size: 6 },
    });
    expect(bytes).toBe((5 << 20) + 3 + 6);
  });

  it('hashes a file larger than its read buffer whole', () => {
    const big = Buffer.alloc((4 << 20) + 3, 1);
    big[big.length - 1] = 2;
    writeFileSync(join(root, 'big'), big);
    expect(hashFile(join(root, 'big'))).toBe(sha256(big));
  });

  it('does not follow a symlink to a directory', () => {
    symlinkSync('lib', join(root, 'lib64'));
    expect(scanTree(root).map((item) => item.path)).toEqual([
      'bin/mariadbd',
      'bin/mysqld',
      'build.json',
      'lib/plugin/ha.so',
      'lib64',
    ]);
  });
});

describe('verifyTree', () => {
  let recorded: Manifest;
  beforeEach(() => {
    recorded = manifestOf(root).manifest;
  });

  it('finds nothing in an untouched prefix', () => {
    expect(verifyTree(root, recorded)).toBeUndefined();
  });

  it('finds one flipped byte in the middle of the server binary', () => {
    const path = join(root, 'bin/mariadbd');
    const bytes = readFileSync(path);
    bytes[3 << 20] = (bytes[3 << 20] ?? 0) ^ 1;
    writeFileSync(path, bytes);
    expect(verifyTree(root, recorded)).toBe('bin/mariadbd changed');
  });

  it('finds a removed file', () => {
    unlinkSync(join(root, 'lib/plugin/ha.so'));
    expect(verifyTree(root, recorded)).toBe('lib/plugin/ha.so removed');
  });

  it('finds an added file', () => {
    writeFileSync(join(root, 'lib/plugin/extra.so'), 'x');
    expect(verifyTree(root, recorded)).toBe('lib/plugin/extra.so added');
  });

  it('finds a symlink pointed elsewhere', () => {
    unlinkSync(join(root, 'bin/mysqld'));
    symlinkSync('../lib/plugin/ha.so', join(root, 'bin/mysqld'));
    expect(verifyTree(root, recorded)).toBe('bin/mysqld links to ../lib/plugin/ha.so, not mariadbd');
  });

  it('finds a symlink replaced by a copy of its target', () => {
    unlinkSync(join(root, 'bin/mysqld'));
    writeFileSync(join(root, 'bin/mysqld'), Buffer.alloc(5 << 20, 7));
    expect(verifyTree(root, recorded)).toBe('bin/mysqld changed');
  });

  it('finds a file replaced by a symlink', () => {
    unlinkSync(join(root, 'build.json'));
    symlinkSync('bin/mariadbd', join(root, 'build.json'));
    expect(verifyTree(root, recorded)).toBe('build.json changed');
  });

  it('finds a file that is neither a file nor a symlink', () => {
    const scanned = scanTree(root).map((item) =>
      item.path === 'build.json' ? { path: item.path, kind: 'other' as const } : item,
    );
    expect(shapeDifference(recorded, scanned)).toBe('build.json changed');
  });

  it('a change of mode alone is no change of the server', () => {
    chmodSync(join(root, 'lib/plugin/ha.so'), 0o600);
    expect(verifyTree(root, recorded)).toBeUndefined();
  });

  it('reports the first difference by path', () => {
    unlinkSync(join(root, 'lib/plugin/ha.so'));
    writeFileSync(join(root, 'build.json'), '{"x":1}\n');
    writeFileSync(join(root, 'a-new-file'), '');
    expect(verifyTree(root, recorded)).toBe('a-new-file added');
  });
});
