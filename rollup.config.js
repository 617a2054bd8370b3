// Bundles the action entry (dist/index.js) and the CLI entry (dist/cli.js).
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';


/** @type {import("rollup").RollupOptions} */
const config = {
  input: { index: 'src/index.ts', cli: 'src/cli/index.ts' },
  output: {
    dir: process.env.BUNDLE_DIR ?? 'dist',
    format: 'es',
    sourcemap: false,
    entryFileNames: '[name].js',
    chunkFileNames: '[name].js',
  },
  onwarn(warning, warn) {
    // mysql2 and its dependencies use `this` at module top level and have harmless cycles.
    if (warning.code === 'CIRCULAR_DEPENDENCY' || warning.code === 'THIS_IS_UNDEFINED') return;
    warn(warning);
  },
  plugins: [
    typescript({ tsconfig: 'tsconfig.build.json' }),
    nodeResolve({ preferBuiltins: true, exportConditions: ['node'] }),
    commonjs(),
    json(),
  ],
};

export default config;
