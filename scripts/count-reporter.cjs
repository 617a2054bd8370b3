// Prints one machine-readable line at the very end: "N passed, N failed, N skipped".
// CI reads this line, not Jest's own summary. Before it, on a run of many files, the slowest ones:
// what to look at when CI outgrows its time.
//
// With $TEST_COUNTS_FILE set, the counts and every file's time are added to that file ("P F S" on
// the first line, then "ms<TAB>file" per file), and the line and the slowest files printed are
// those of every run that wrote to it: scripts/test.sh runs the unit tests, then the integration
// tests, as two Jest runs, and the second prints the totals of both.
const fs = require('node:fs');
const path = require('node:path');

const SLOWEST = 12;

/** What earlier runs wrote to `file`: their counts and their files' times. */
function readEarlier(file) {
  const empty = { counts: [0, 0, 0], files: [] };
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return empty;
  }
  const [first = '', ...rest] = text.split('\n');
  const counts = first.trim().split(/\s+/).map(Number);
  if (counts.length !== 3 || counts.some((n) => !Number.isInteger(n))) return empty;
  const files = rest
    .filter((line) => line.includes('\t'))
    .map((line) => {
      const [ms, name] = line.split('\t');
      return { file: name, ms: Number(ms) };
    });
  return { counts, files };
}

function slowestFiles(files) {
  return [...files]
    .filter((file) => Number.isFinite(file.ms))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SLOWEST)
    .map(({ file, ms }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
}

class CountReporter {
  onRunComplete(_contexts, results) {
    const countsFile = process.env.TEST_COUNTS_FILE;
    const earlier = countsFile ? readEarlier(countsFile) : { counts: [0, 0, 0], files: [] };
    const passed = earlier.counts[0] + results.numPassedTests;
    const failed = earlier.counts[1] + results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = earlier.counts[2] + results.numPendingTests + results.numTodoTests;
    const files = [
      ...earlier.files,
      ...results.testResults.map((file) => ({
        file: path.relative(process.cwd(), file.testFilePath),
        ms: file.perfStats.runtime,
      })),
    ];
    const line = `${passed} passed, ${failed} failed, ${skipped} skipped`;
    if (countsFile) {
      const rows = files
        .filter((file) => Number.isFinite(file.ms))
        .map((file) => `${file.ms}\t${file.file}\n`);
      fs.writeFileSync(countsFile, `${passed} ${failed} ${skipped}\n${rows.join('')}`);
    }
    if (files.length > 2 * SLOWEST) {
      process.stderr.write(`\nslowest test files:\n${slowestFiles(files).join('\n')}\n`);
    }
    process.stderr.write(`\n${line}\n`);
  }
}

module.exports = CountReporter;
