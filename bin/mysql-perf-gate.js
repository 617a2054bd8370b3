#!/usr/bin/env node
// The package's command: the bundled CLI (same code as the action).
import '../dist/cli.js';
