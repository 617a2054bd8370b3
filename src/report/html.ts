// The HTML report for a report input: the report document rendered as one self-contained page
// (see render/html/page.ts).
import { buildReportDocument } from './document/build.js';
import { type EmbedScripts, type HtmlChart, renderHtmlPage } from './render/html.js';
import type { ReportInput } from './report-input.js';

export { type EmbedScripts, type HtmlChart, jsonScriptContent } from './render/html.js';

/** The whole page. */
export function renderHtmlReport(
  input: ReportInput,
  charts: readonly HtmlChart[],
  scripts: EmbedScripts,
): string {
  return renderHtmlPage(buildReportDocument(input, charts), scripts);
}
