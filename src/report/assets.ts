// Files the reports load at run time: resvg's WebAssembly binary and the browser builds of vega,
// vega-lite and vega-embed. The bundle carries copies beside itself (rollup.config.js), because
// the action's checkout has no node_modules; running from src/ (the tests), node_modules has them.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { findPackageDirectory } from '../shell/package-root.js';
import type { EmbedScripts } from './html.js';

const require = createRequire(import.meta.url);

/** `file` beside the running code (dist/ when bundled), else what `fallback` finds. */
export function runtimeAsset(file: string, fallback: () => string): string {
  const beside = fileURLToPath(new URL(file, import.meta.url));
  return existsSync(beside) ? beside : fallback();
}

/** The minified browser builds of vega, vega-lite and vega-embed, for the HTML report. */
export function loadEmbedScripts(): EmbedScripts {
  const read = (name: string, file: string): string =>
    readFileSync(
      runtimeAsset(file, () =>
        join(findPackageDirectory(dirname(require.resolve(name)), name), 'build', file),
      ),
      'utf8',
    );
  return {
    vega: read('vega', 'vega.min.js'),
    vegaLite: read('vega-lite', 'vega-lite.min.js'),
    vegaEmbed: read('vega-embed', 'vega-embed.min.js'),
  };
}
