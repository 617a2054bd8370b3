// CPU, context switches and I/O per transaction side by side: from a real A/A run of the io-bound
// suite (__fixtures__/results/io-bound-aa.json), the same with a head that spends more, an
// instruction suite, a suite that expects to be IO-bound and is not, and a side whose /proc
// could not be read; then the section in the terminal summary, the comment and the HTML page.
import { sideOf } from '../../src/compare/judge.js';
import { resourceSection } from '../../src/compare/resources.js';
import { buildVerdict, DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import { Verdict } from '../../src/compare/verdict-schema.js';
import { buildVerdictDocument } from '../../src/report/document/build.js';
import { renderHtmlPage } from '../../src/report/render/html/page.js';
import { renderMarkdownComment } from '../../src/report/render/markdown/comment.js';
import { renderTerminalSummary } from '../../src/report/render/terminal/summary.js';
import { RESOURCE_FIGURES } from '../../src/results/resource-figures.js';
import type { CellResult, Results } from '../../src/results/results-schema.js';
import { fixtureResults } from '../helpers/report-input.js';

const aa = fixtureResults('io-bound-aa.json');

function verdictOf(results: Results): Verdict {
  const base = sideOf(results, 'base');
  const head = sideOf(results, 'head');
  return Verdict.parse(
    buildVerdict(
      base,
      head,
      results.suite,
      { kind: 'ab', path: 'r.json', savedAt: null },
      DEFAULT_COMPARE_OPTIONS,
    ),
  );
}

/** The head's repetitions spending `cpu` times the CPU and `switches` times the context switches. */
function spendingMore(cell: CellResult, cpu: number, switches: number): CellResult {
  if (cell.side !== 'head') return cell;
  return {
    ...cell,
    repetitions: cell.repetitions.map((repetition) => {
      const cost = repetition.cost;
      if (cost?.cpu === undefined || cost.contextSwitches === undefined) throw new Error('measured');
      return {
        ...repetition,
        cost: {
          ...cost,
          cpu: { userSeconds: cost.cpu.userSeconds * cpu, systemSeconds: cost.cpu.systemSeconds * cpu },
          contextSwitches: {
            ...cost.contextSwitches,
            voluntary: Math.round(cost.contextSwitches.voluntary * switches),
            involuntary: Math.round(cost.contextSwitches.involuntary * switches),
          },
        },
      };
    }),
  };
}

describe('resourceSection', () => {
  const section = verdictOf(aa).resources;

  it('gives every wall-clock cell every figure on both sides', () => {
    expect(section?.cells).toHaveLength(6);
    for (const cell of section?.cells ?? []) {
      expect(Object.keys(cell.base)).toEqual([...RESOURCE_FIGURES]);
      expect(Object.keys(cell.head)).toEqual([...RESOURCE_FIGURES]);
    }
    expect(section?.unavailable).toEqual([]);
  });

  it('says that the io-bound suite read from disk, with its data against the pool', () => {
    expect(section?.ioBound).toEqual({
      reading: true,
      sentence: expect.stringMatching(
        /^reads from disk as the suite expects \(io-bound\): 0\.\d+ to \d+\.\d+ buffer pool reads per transaction/,
      ) as unknown,
      data: [
        expect.stringMatching(/^base 4\d\d MB, 7\.\d× the 64 MB buffer pool$/),
        expect.stringMatching(/^head 4\d\d MB, 7\.\d× the 64 MB buffer pool$/),
      ],
    });
    const readOnly = section?.cells.find((cell) => cell.workload === 'oltp_read_only' && cell.threads === 1);
    expect(readOnly?.head.reads?.median).toBeGreaterThan(1);
  });

  it('names each cell with its variant, so that the variants of one cell are told apart', () => {
    const under = (cell: CellResult, sync: string): CellResult => ({ ...cell, variant: { binlog: sync } });
    const [base, head] = [aa.cells[0], aa.cells[1]] as [CellResult, CellResult];
    const pairs: [CellResult, CellResult][] = [
      [under(base, 'sync0'), under(head, 'sync0')],
      [under(base, 'sync1'), under(spendingMore(head, 3, 1.5), 'sync1')],
    ];
    const facts = { base: aa.sides.head, head: aa.sides.head };
    const cells = resourceSection(pairs, facts, { metric: 'throughput' })?.cells ?? [];
    expect(cells.map((cell) => cell.variant)).toEqual([{ binlog: 'sync0' }, { binlog: 'sync1' }]);
  });

  it('has nothing for an instruction suite', () => {
    const instructions = fixtureResults('instructions-performance-schema-work.json');
    expect(verdictOf(instructions).resources).toBeUndefined();
    const pairs = [[aa.cells[0], aa.cells[1]]] as [CellResult, CellResult][];
    const facts = { base: aa.sides.head, head: aa.sides.head };
    expect(resourceSection(pairs, facts, { metric: 'instructions' })).toBeUndefined();
  });

  it('warns when a suite that expects to be IO-bound reads from its pool', () => {
    const quick = fixtureResults('quick-durability.json');
    const verdict = verdictOf({ ...quick, suite: { ...quick.suite, expect: 'io-bound' } });
    expect(verdict.resources?.ioBound?.reading).toBe(false);
    expect(verdict.warnings).toContainEqual(
      expect.stringMatching(
        /^Not IO-bound as the suite expects: 12 cells read fewer than 0\.5 pages from disk/,
      ),
    );
    expect(verdictOf(aa).warnings.filter((warning) => /IO-bound/.test(warning))).toEqual([]);
  });

  it("says which side's /proc could not be read, and why", () => {
    const head = aa.sides.head;
    const reason = 'cannot read /proc/42/io: EACCES: permission denied, open';
    const verdict = verdictOf({
      ...aa,
      sides: {
        ...aa.sides,
        head: {
          ...head,
          processCounters: { contextSwitches: { available: true }, io: { available: false, reason } },
        },
      },
    });
    expect(verdict.resources?.unavailable).toEqual([
      `the head: KB read and written not available (${reason})`,
    ]);
  });
});

describe('the section in every medium', () => {
  const comment = (verdict: Verdict): string =>
    renderMarkdownComment({ ...buildVerdictDocument(verdict), charts: [] }, { marker: '<!-- m -->' });

  it('an A/A: every figure with its spread, nothing beyond it', () => {
    const document = buildVerdictDocument(verdictOf(aa));
    expect(document.resources?.sentence).toBe(
      "Every figure stayed within its repetitions' spread: the sides spent the same per transaction.",
    );
    const terminal = renderTerminalSummary(document);
    expect(terminal).toMatch(/^oltp_read_only @ 1 +head +\d+ ±[\d.]+% +[\d.]+ ±[\d.]+% +[\d.]+ ±[\d.]+%/m);
    expect(terminal).toMatch(/^reads from disk as the suite expects/m);
    const markdown = comment(verdictOf(aa));
    expect(markdown).toContain('### CPU, context switches and I/O per transaction');
    expect(markdown).toMatch(/^\| oltp\\_point\\_select \| 1 thread \| change \| [−+]?[\d.]+% \|/m);
    expect(markdown).not.toMatch(/\| \*\*[−+]/);
  });

  it('a head that spends three times the CPU and 50% more switches: named, and marked in each medium', () => {
    const verdict = verdictOf({ ...aa, cells: aa.cells.map((cell) => spendingMore(cell, 3, 1.5)) });
    const document = buildVerdictDocument(verdict);
    // The CPU time of this loaded machine spread by up to ±19%: only about three times as much is
    // beyond both ranges everywhere. The switches spread by under 1% in the read cells, and by
    // ±15% in oltp_write_only @ 1, where 50% more is not beyond them.
    expect(document.resources?.sentence).toMatch(
      /^Beyond the repetitions' spread \(head against base\): oltp_point_select @ 1: CPU µs \+1\d\d\.\d%, ctx switches \+(49|50)\.\d%;/,
    );
    expect(document.resources?.sentence).toMatch(
      /oltp_write_only @ 1: CPU µs \+1\d\d\.\d%; oltp_write_only @ 4: CPU µs \+2\d\d\.\d%, ctx switches \+(49|50)\.\d%\.$/,
    );
    expect(comment(verdict)).toMatch(
      /^\| oltp\\_point\\_select \| 1 thread \| change \| \*\*\+1\d\d\.\d%\*\* \| \*\*\+(49|50)\.\d%\*\* \| [−+]?\d+\.\d% \|/m,
    );
    expect(renderTerminalSummary(document)).toMatch(
      /^oltp_point_select @ 1 +change +\+1\d\d\.\d% \* +\+(49|50)\.\d% \* /m,
    );
    const page = renderHtmlPage({ ...document, charts: [] }, { vega: '', vegaLite: '', vegaEmbed: '' });
    expect(page).toMatch(/<td[^>]*><strong>\+\d+\.\d%<\/strong><\/td>/);
  });
});
