// Everything the CLI prints goes through here. A workflow's `run:` step prints it into the step's
// log, where a GitHub runner would obey a workflow command quoted from the code under test (a
// build's log, a server's output, sysbench's), and a terminal would obey its escape sequences:
// forRunnerLog shows the control characters and stops commands around such text. JSON is made
// safe where it is written (printableJson), and then passes here unchanged.
import { forRunnerLog } from '../shell/runner-log.js';

/** Prints `text` (its own line feeds included) on stdout. */
export function printOut(text: string): void {
  process.stdout.write(forRunnerLog(text));
}

/** Prints `text` (its own line feeds included) on stderr. */
export function printErr(text: string): void {
  process.stderr.write(forRunnerLog(text));
}
