// Bundles the action entry (dist/index.js) and the CLI entry (dist/cli.js).
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';
import { rmSync } from 'node:fs';

const dir = process.env.BUNDLE_DIR ?? 'dist';
// Start from an empty directory so a chunk that is no longer produced cannot linger.
rmSync(dir, { recursive: true, force: true });

/** @type {import("rollup").RollupOptions} */
const config = {
  input: { index: 'src/index.ts', cli: 'src/cli/index.ts' },
  output: {
    dir,
    format: 'es',
    sourcemap: false,
    entryFileNames: '[name].js',
    chunkFileNames: 'common.js',
  },
  onwarn(warning, warn) {
    // mysql2 and its dependencies use `this` at module top level and have harmless cycles.
    // zod carries esbuild-style annotations rollup cannot place; both are harmless.
    if (['CIRCULAR_DEPENDENCY', 'THIS_IS_UNDEFINED', 'INVALID_ANNOTATION'].includes(warning.code ?? ''))
      return;
    warn(warning);
  },
  plugins: [
    typescript({ tsconfig: 'tsconfig.build.json', include: ['src/**/*.ts'], outDir: dir }),
    nodeResolve({ preferBuiltins: true, exportConditions: ['node'] }),
    commonjs(),
    json(),
  ],
};

export default config;
