// Bundles the action's entries (dist/index.js, and dist/post.js for its post step) and the CLI
// entry (dist/cli.js), with the files they load at run time beside them (resvg's WebAssembly
// binary, the browser builds of vega for the HTML report): the action's checkout has no
// node_modules to load them from.
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const dir = process.env.BUNDLE_DIR ?? 'dist';
// Start from an empty directory so a chunk that is no longer produced cannot linger.
rmSync(dir, { recursive: true, force: true });

/**
 * Files the bundle loads at run time, copied beside it byte for byte (so a fresh bundle equals the
 * committed one): resvg's WebAssembly binary for the chart renderer (src/report/rasterize.ts), and
 * the browser builds of vega, vega-lite and vega-embed that the HTML report inlines
 * (src/report/html.ts). Both look beside the running bundle first.
 * @returns {import("rollup").Plugin}
 */
function runtimeAssets() {
  const require = createRequire(import.meta.url);
  const assets = {
    'resvg.wasm': require.resolve('@resvg/resvg-wasm/index_bg.wasm'),
    'vega.min.js': 'node_modules/vega/build/vega.min.js',
    'vega-lite.min.js': 'node_modules/vega-lite/build/vega-lite.min.js',
    'vega-embed.min.js': 'node_modules/vega-embed/build/vega-embed.min.js',
  };
  return {
    name: 'runtime-assets',
    buildStart() {
      for (const [fileName, path] of Object.entries(assets)) {
        this.emitFile({ type: 'asset', fileName, source: readFileSync(path) });
      }
    },
  };
}

const SRC = `${resolve('src')}/`;

/**
 * Chunks named for what they hold: `gate.js`, the tool's own code and the libraries the action and
 * the CLI use (vega, mysql2…); `gate-core.js`, the part the post step needs too (the server
 * registry, the named errors, zod), so that it loads neither vega nor mysql2; `post-state.js`, the
 * post step's module, whose state the action's main step saves; `actions-toolkit.js`, the @actions
 * packages the action's entries and the cache chunk share; `actions-cache.js`, @actions/cache with
 * the Azure SDK (2 MB), loaded only by a build on a GitHub-hosted runner
 * (src/action/ccache-cache.ts); `commonjs-helpers.js`, Rollup's CommonJS interop helpers.
 * @param {import("rollup").PreRenderedChunk} chunk
 */
function chunkFileName(chunk) {
  if (chunk.isDynamicEntry) return 'actions-cache.js';
  if (chunk.moduleIds.includes(`${SRC}action/post.ts`)) return 'post-state.js';
  if (chunk.moduleIds.includes(`${SRC}server/registry.ts`)) return 'gate-core.js';
  if (chunk.moduleIds.some((id) => id.startsWith(SRC))) return 'gate.js';
  if (chunk.moduleIds.some((id) => id.includes('/node_modules/@actions/'))) return 'actions-toolkit.js';
  if (chunk.moduleIds.every((id) => id.startsWith('\0'))) return 'commonjs-helpers.js';
  return 'shared.js';
}

/** @type {import("rollup").RollupOptions} */
const config = {
  input: { index: 'src/index.ts', post: 'src/post.ts', cli: 'src/cli/index.ts' },
  output: {
    dir,
    format: 'es',
    sourcemap: false,
    entryFileNames: '[name].js',
    chunkFileNames: chunkFileName,
  },
  onwarn(warning, warn) {
    // mysql2 and its dependencies use `this` at module top level and have harmless cycles.
    // zod carries esbuild-style annotations rollup cannot place; both are harmless.
    if (['CIRCULAR_DEPENDENCY', 'THIS_IS_UNDEFINED', 'INVALID_ANNOTATION'].includes(warning.code ?? ''))
      return;
    // Vega imports the native `canvas` package only if it is installed, to measure text; the chart
    // renderer measures with the shipped font instead, so the bundle leaves it out on purpose.
    if (warning.code === 'UNRESOLVED_IMPORT' && warning.exporter === 'canvas') return;
    // @actions/cache's HTTP stack imports `kerberos` only for Negotiate proxy authentication, and
    // says to install it when that is needed.
    if (warning.code === 'UNRESOLVED_IMPORT' && warning.exporter === 'kerberos') return;
    warn(warning);
  },
  plugins: [
    typescript({ tsconfig: 'tsconfig.build.json', include: ['src/**/*.ts'], outDir: dir }),
    nodeResolve({ preferBuiltins: true, exportConditions: ['node'] }),
    commonjs(),
    json(),
    runtimeAssets(),
  ],
};

export default config;
