// What a directory holds, to compare before and after: every file with its content's sha256, every
// link with what it points to (never followed), every directory by name.
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

/** Every entry under `dir`, sorted: "name/" for a directory, "name <sha256>" or "name link <target>". */
export function checksums(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => {
      const path = join(dir, name);
      const info = lstatSync(path);
      if (info.isDirectory()) return `${name}/`;
      if (info.isSymbolicLink()) return `${name} link ${readlinkSync(path)}`;
      return `${name} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`;
    })
    .sort();
}
