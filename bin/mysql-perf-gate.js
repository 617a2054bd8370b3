#!/usr/bin/env node
// The package's command: the bundled CLI (same code as the action). It first checks that this
// Node is one the bundle is built for (package.json's engines), so that an older one says so in
// one line instead of failing somewhere inside the bundle. Plain JavaScript an old Node parses:
// the bundle is loaded only after the check.
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const needed = Number((/\d+/.exec((manifest.engines && manifest.engines.node) || '') || ['0'])[0]);
const running = Number(process.versions.node.split('.')[0]);
if (running < needed) {
  process.stderr.write(
    `mysql-perf-gate: needs Node ${needed} or newer, and ${process.execPath} is Node ${process.version}: ` +
      `install npm's node package (npm install -g node@${needed}) with its bin/ first on PATH, or, ` +
      `as a GitHub runner's user, run it with the runner's own externals/node${needed}/bin/node\n`,
  );
  process.exit(2);
}
await import('../dist/cli.js');
