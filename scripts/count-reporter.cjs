// Prints one machine-readable line at the very end: "N passed, N failed, N skipped".
// CI reads this line, not Jest's own summary. Also writes it to $TEST_COUNTS_FILE when set.
const fs = require('node:fs');

class CountReporter {
  onRunComplete(_contexts, results) {
    const passed = results.numPassedTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    const line = `${passed} passed, ${failed} failed, ${skipped} skipped`;
    if (process.env.TEST_COUNTS_FILE)
      fs.writeFileSync(process.env.TEST_COUNTS_FILE, `${passed} ${failed} ${skipped}\n`);
    process.stderr.write(`\n${line}\n`);
  }
}

module.exports = CountReporter;
