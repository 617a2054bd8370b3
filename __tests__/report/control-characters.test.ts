// Text from a pull request's code in every rendering of a verdict: the comment, the job summary, the
// HTML report (its tables and its charts' JSON), the terminal summary as the front ends print it,
// and the webhook's text. Workload and function names, server variables and versions, warnings:
// each holds escape sequences, a bare carriage return, C1 and DEL, and workflow commands at line
// starts. None may come out as a control character, and nothing printed may be obeyed by a runner.
import { rankConfigDiff } from '../../src/compare/settings-rank.js';
import type { Verdict } from '../../src/compare/verdict-schema.js';
import { commentMarker, renderComment } from '../../src/report/comment.js';
import { renderHtmlReport } from '../../src/report/html.js';
import { renderJobSummary } from '../../src/report/render/job-summary.js';
import { renderVerdictSummary } from '../../src/report/render/terminal.js';
import type { ReportInput } from '../../src/report/report-input.js';
import { forRunnerLog } from '../../src/shell/runner-log.js';
import { escapeSlack } from '../../src/sinks/webhook.js';
import { abReportInput, fixtureResults } from '../helpers/report-input.js';
import { controlCharacters, readAsRunner } from '../helpers/workflow-commands.js';

/** What hostile code prints: every kind of control character, and commands a runner would obey. */
const HOSTILE =
  'HOSTILE\x1b[31m\x1b]0;title\x07\r::error::HOSTILE-cr\n::add-mask::HOSTILE-mask\n' +
  '  ::set-output name=verdict::HOSTILE-pass ##[set-output name=verdict;]HOSTILE-v1 \x9b\x7f\x00';

/** The A/B input with the hostile text wherever results or servers supply text. */
function hostile(input: ReportInput): ReportInput {
  const workload = input.verdict.cells[0]?.workload ?? '';
  const rename = <T extends { workload: string }>(cell: T): T =>
    cell.workload === workload ? { ...cell, workload: `w${HOSTILE}` } : cell;
  const verdict: Verdict = {
    ...input.verdict,
    cells: input.verdict.cells.map(rename),
    functionDeltas: input.verdict.functionDeltas.map((cell) => ({
      ...rename(cell),
      functions: cell.functions.map((fn, index) => (index === 0 ? { ...fn, name: `f${HOSTILE}` } : fn)),
    })),
    configDiff: rankConfigDiff(
      [...input.verdict.configDiff, { name: 'report_host', base: '', head: HOSTILE }],
      undefined,
    ),
    serverDiff: [{ name: 'version', base: '10.11.19', head: `10.11.19 ${HOSTILE}` }],
    sides: {
      ...input.verdict.sides,
      head: { ...input.verdict.sides.head, versionFunction: `11.0 ${HOSTILE}` },
    },
    warnings: [...input.verdict.warnings, `server said: ${HOSTILE}`],
  };
  return { ...input, verdict };
}

const STUB_SCRIPTS = { vega: '/* vega */', vegaLite: '/* vega-lite */', vegaEmbed: '/* vega-embed */' };

describe.each(['quick-ab-performance-schema.json', 'instructions-performance-schema.json'])(
  'a verdict quoting hostile text (%s)',
  (fixture) => {
    const input = hostile(abReportInput(fixtureResults(fixture), 'r.json'));
    const comment = renderComment(input, {
      charts: [],
      marker: commentMarker(input.suite.name),
      artifactNote: 'The charts are in the report artifact.',
    });

    it('shows it in the comment and the job summary, its control characters visible', () => {
      for (const markdown of [comment, renderJobSummary(comment, [])]) {
        expect(controlCharacters(markdown)).toEqual([]);
        // Shown, backslash escaped for markdown: `\\x1b` renders as \x1b.
        expect(markdown).toContain('HOSTILE\\\\x1b\\[31m');
      }
    });

    it('shows it in the HTML report, its tables and its charts’ JSON', () => {
      const chart = {
        name: 'change',
        title: `change ${HOSTILE}`,
        spec: { data: { values: [{ cell: HOSTILE }] } },
      };
      const page = renderHtmlReport(input, [chart], STUB_SCRIPTS);
      expect(controlCharacters(page)).toEqual([]);
      expect(page).toContain('HOSTILE\\x1b[31m');
      expect(page).toContain('\\u009b\\u007f\\u0000');
    });

    it('prints it in the terminal summary with nothing a runner obeys', () => {
      const printed = forRunnerLog(renderVerdictSummary(input.verdict));
      expect(controlCharacters(printed)).toEqual([]);
      expect(readAsRunner(printed)).toEqual({ obeyed: [], stoppedAtEnd: false });
      expect(printed).toContain('HOSTILE\\x1b[31m');
    });

    it('escapes it for the webhook', () => {
      expect(controlCharacters(escapeSlack(HOSTILE))).toEqual([]);
    });
  },
);
