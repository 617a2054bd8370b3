#!/usr/bin/env bash
# Writes the tables of docs/settings-file.md from the settings schema (src/commands/settings-schema.ts),
# through the test that otherwise fails when the page is stale (__tests__/commands/settings-docs.test.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
MYSQL_PERF_GATE_WRITE_DOCS=1 NODE_OPTIONS=--experimental-vm-modules npx jest __tests__/commands/settings-docs.test.ts --selectProjects unit

