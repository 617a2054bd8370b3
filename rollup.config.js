// Bundles the action entry (dist/index.js) and the CLI entry (dist/cli.js), with the files they
// load at run time beside them (resvg's WebAssembly binary, the browser builds of vega for the HTML
// report): the action's checkout has no node_modules to load them from.
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';

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

/** @type {import("rollup").RollupOptions} */
const config = {
  input: { index: 'src/index.ts', cli: 'src/cli/index.ts' },
  output: {
    dir,
    format: 'es',
    sourcemap: false,
    entryFileNames: '[name].js',
    // The code both entries share, and @actions/cache (with the Azure SDK, 2 MB) in its own file,
    // loaded only by a build on a GitHub-hosted runner (src/action/build-step.ts).
    chunkFileNames: (chunk) => (chunk.isDynamicEntry ? 'actions-cache.js' : 'common.js'),
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
