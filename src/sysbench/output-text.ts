// sysbench's output as text, for its parsers: its lines, its numbers as it prints them, and the
// error that rejects a whole output, quoting its last lines. Pure.
import { BenchmarkError, tailLines } from '../errors.js';

/** How many lines of output an error message quotes. */
const QUOTED_LINES = 15;

const DECIMAL = /^\d+(?:\.\d+)?$/;
const INTEGER = /^\d+$/;

export function splitLines(output: string): string[] {
  return output.split(/\r?\n/);
}

/** A decimal as sysbench prints it ("0.05", "9945.17"); undefined for "-nan", "inf", "1e5"… */
export function decimal(text: string): number | undefined {
  return DECIMAL.test(text) ? Number(text) : undefined;
}

export function integer(text: string): number | undefined {
  return INTEGER.test(text) ? Number(text) : undefined;
}

/** The output of `cell` rejected for `problem`: the run is not recorded. */
export function outputFailure(cell: string, problem: string, output: string): BenchmarkError {
  const tail = tailLines(output, QUOTED_LINES);
  return new BenchmarkError(
    `sysbench output for ${cell} ${problem}; the run cannot be trusted, so it is not recorded. ` +
      (tail ? `Last lines of the output:\n${tail}` : 'The output was empty.'),
  );
}
