// Entry point of the `mysql-perf-gate` command.
import { main } from './program.js';

process.exitCode = await main(process.argv);
