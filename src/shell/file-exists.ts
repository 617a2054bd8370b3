// Whether a path exists, for the modules of any layer that only need to know that (the builder's
// stray-install check, the server's refusal to reuse a datadir).
import { stat } from 'node:fs/promises';

/** True when `path` exists (a symlink counts when its target does); false on any error. */
export async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
