// Prints one machine-readable line at the very end: "N passed, N failed, N skipped".
// CI reads this line, not Jest's own summary. Also writes it to $TEST_COUNTS_FILE when set.
// Before it, on a run of many files, the slowest ones: what to look at when CI outgrows its time.
const fs = require('node:fs');
const path = require('node:path');

const SLOWEST = 12;

function slowestFiles(testResults) {
  return testResults
    .map((file) => ({ file: path.relative(process.cwd(), file.testFilePath), ms: file.perfStats.runtime }))
    .filter((file) => Number.isFinite(file.ms))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SLOWEST)
    .map(({ file, ms }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
}

class CountReporter {
  onRunComplete(_contexts, results) {
    const passed = results.numPassedTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    const line = `${passed} passed, ${failed} failed, ${skipped} skipped`;
    if (process.env.TEST_COUNTS_FILE)
      fs.writeFileSync(process.env.TEST_COUNTS_FILE, `${passed} ${failed} ${skipped}\n`);
    if (results.testResults.length > 2 * SLOWEST) {
      process.stderr.write(`\nslowest test files:\n${slowestFiles(results.testResults).join('\n')}\n`);
    }
    process.stderr.write(`\n${line}\n`);
  }
}

module.exports = CountReporter;
