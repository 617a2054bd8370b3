// The terminal's renderings of the report document: the summary `compare` and `publish` print, and
// the table of stage times.
export { renderReportSummary, renderTerminalSummary, renderVerdictSummary } from './terminal/summary.js';
export { stageTable } from './terminal/stages.js';
