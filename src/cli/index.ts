// Entry point of the `mysql-perf-gate` command.
import { watchOutputs } from '../shell/output-closed.js';
import { main } from './program.js';

// `run … | head`: the reader going away interrupts the run, which cleans up (not a crash).
watchOutputs();

process.exitCode = await main(process.argv);
