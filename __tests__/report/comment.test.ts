// The pull-request comment: what a maintainer sees first, that nothing quoted from a pull request
// can inject markup, and that it always fits GitHub's limit.

import { Verdict } from '../../src/compare/verdict-schema.js';
import { commentMarker, GITHUB_COMMENT_LIMIT, renderComment } from '../../src/report/comment.js';
import type { ReportInput } from '../../src/report/report-input.js';
import { abReportInput, fixtureResults } from '../helpers/report-input.js';
import { codeSpan, escapeMarkdown, escapeTableCell } from '../../src/report/markdown.js';
import { rankConfigDiff } from '../../src/compare/settings-rank.js';

function inputOf(name: string): ReportInput {
  return abReportInput(fixtureResults(name), 'r.json');
}

const quickAb = inputOf('quick-ab-performance-schema.json');
const instructions = inputOf('instructions-performance-schema.json');
const quickAa = inputOf('quick-aa-5reps.json');

const CHARTS = [
  { name: 'change', title: 'Change per cell', url: 'https://example.org/charts/change.png' },
  { name: 'scaling', title: 'Throughput by threads', url: null },
];
const NOTE = 'The charts are in the [report artifact](https://example.org/run/1).';

function render(input: ReportInput, maxLength?: number): string {
  return renderComment(input, {
    charts: CHARTS,
    marker: commentMarker(input.suite.name),
    artifactNote: NOTE,
    ...(maxLength === undefined ? {} : { maxLength }),
  });
}

/** Pipes that split cells: a backslash escapes the character after it (as GFM reads a row). */
function unescapedPipes(row: string): number {
  let pipes = 0;
  for (let index = 0; index < row.length; index++) {
    if (row[index] === '\\') index++;
    else if (row[index] === '|') pipes++;
  }
  return pipes;
}

/** Every table (consecutive lines starting with "|") as its rows. */
function tables(markdown: string): string[][] {
  const found: string[][] = [];
  let current: string[] = [];
  for (const line of markdown.split('\n')) {
    if (line.startsWith('|')) current.push(line);
    else if (current.length > 0) {
      found.push(current);
      current = [];
    }
  }
  if (current.length > 0) found.push(current);
  return found;
}

function expectWellFormedTables(markdown: string): void {
  const found = tables(markdown);
  expect(found.length).toBeGreaterThan(0);
  for (const rows of found) {
    const columns = unescapedPipes(rows[0]!);
    for (const row of rows) expect({ row, pipes: unescapedPipes(row) }).toEqual({ row, pipes: columns });
  }
}

/** The text outside <details> … </details>: what a reader sees without clicking. */
function visible(markdown: string): string {
  return markdown.replace(/<details>[\s\S]*?<\/details>/g, '');
}

const EVIL_NAME = '<img src=x onerror=alert(1)>';
const EVIL_VALUE = 'a|b`c``d';

/** The A/B input with hostile names and values wherever results or servers supply text. */
function hostile(input: ReportInput): ReportInput {
  const workload = input.verdict.cells[0]!.workload;
  const rename = <T extends { workload: string }>(cell: T): T =>
    cell.workload === workload ? { ...cell, workload: EVIL_NAME } : cell;
  const verdict: Verdict = {
    ...input.verdict,
    cells: input.verdict.cells.map(rename),
    functionDeltas: input.verdict.functionDeltas.map((cell) => ({
      ...rename(cell),
      functions: cell.functions.map((fn, index) => (index === 0 ? { ...fn, name: `${EVIL_NAME}|x` } : fn)),
    })),
    configDiff: rankConfigDiff(
      [
        ...input.verdict.configDiff,
        { name: 'evil_|_name', base: EVIL_VALUE, head: '</details><script>alert(1)</script>\n| x | y |' },
      ],
      undefined,
    ),
    serverDiff: [{ name: 'version', base: '10.11.19', head: '10.11.19`<b>x</b>|*' }],
    sides: {
      ...input.verdict.sides,
      head: { ...input.verdict.sides.head, versionFunction: `11.0 ${EVIL_NAME}` },
    },
    warnings: [
      ...input.verdict.warnings,
      `server said: ${EVIL_NAME}\n# not a heading | [link](javascript:x)`,
    ],
  };
  return { ...input, verdict };
}

describe('markdown escaping', () => {
  it('escapes HTML and markdown punctuation, and flattens lines', () => {
    expect(escapeMarkdown('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(escapeMarkdown('a & b')).toBe('a &amp; b');
    expect(escapeMarkdown('*bold* _it_ [l](u) \\ ~s~ $m$ #1')).toBe(
      '\\*bold\\* \\_it\\_ \\[l\\](u) \\\\ \\~s\\~ \\$m\\$ \\#1',
    );
    expect(escapeMarkdown('one\ntwo\r\nthree')).toBe('one two three');
  });

  it('keeps a table cell on its row and its pipes inside the cell', () => {
    const cell = escapeTableCell(EVIL_VALUE);
    expect(cell).toBe('a\\|b\\`c\\`\\`d');
    expect(unescapedPipes(cell)).toBe(0);
    // A quoted backslash before a pipe cannot unescape our escape.
    expect(unescapedPipes(escapeTableCell('x\\|y'))).toBe(0);
    expect(escapeTableCell('  a\n\tb  ')).toBe('a b');
  });

  it('fences code spans with more backticks than the text holds', () => {
    expect(codeSpan('quick')).toBe('`quick`');
    expect(codeSpan('a``b')).toBe('```a``b```');
    expect(codeSpan('`x`')).toBe('`` `x` ``');
  });
});

describe('commentMarker', () => {
  it('is a hidden HTML comment naming the suite', () => {
    expect(commentMarker('quick')).toBe('<!-- mysql-perf-gate:suite=quick -->');
  });

  it('cannot be closed early by a suite name', () => {
    const marker = commentMarker('x --> <b>y</b> <!--');
    expect(marker.indexOf('-->')).toBe(marker.length - 3);
    expect(marker).not.toContain('<b>');
  });
});

describe('renderComment', () => {
  it('renders the quick A/B run (performance_schema OFF → ON)', () => {
    expect(render(quickAb)).toMatchSnapshot();
  });

  it('is deterministic', () => {
    expect(render(quickAb)).toBe(render(quickAb));
  });

  it('starts with the marker, then the verdict, the counts and both servers', () => {
    const lines = render(quickAb).split('\n');
    expect(lines[0]).toBe('<!-- mysql-perf-gate:suite=quick -->');
    expect(lines[1]).toBe('## ⚠️ Performance: inconclusive — 6 cells too noisy to decide');
    const top = lines.slice(0, 8).join('\n');
    expect(top).toContain('Suite `quick`');
    expect(top).toContain('**6 inconclusive**');
    expect(top).toContain('- **Base:** MariaDB 10.11.19-MariaDB-0+deb12u1, compiler unknown');
    expect(top).toContain('- **Head:** MariaDB 10.11.19-MariaDB-0+deb12u1, compiler unknown');
  });

  it('fails the instructions run in bold, shows the changed default unfolded and folds where the instructions went', () => {
    const markdown = render(instructions);
    expect(markdown.split('\n')[1]).toBe('## ❌ Performance: fail — 4 regressions');
    expect(markdown).toContain(
      '| 1 | instructions/txn | 43,005 | 46,598 | +8.4% [+8.2%, +8.4%] | 3 | **❌ regression** | 1% |',
    );
    const shown = visible(markdown);
    expect(shown).toContain('### What else differs between the sides');
    expect(shown).toContain(
      '| performance\\_schema (and 10 performance\\_schema\\_\\* that follow it) | OFF | ON |',
    );
    // The followers and the non-gating metric are folded.
    expect(shown).not.toContain('performance\\_schema\\_digests\\_size');
    expect(shown).not.toContain('instructions/txn, all threads |');
    expect(markdown).toContain('| performance\\_schema\\_digests\\_size | -1 | 5000 |');
    expect(markdown).toMatch(
      /<details><summary>Where the instructions went: oltp_point_select @ 1 thread \(regression\): \+3,595 instructions per transaction/,
    );
    expect(markdown).toContain('| pthread\\_getspecific@\u2060@\u2060GLIBC\\_2.34 | libc.so.6 |');
    expectWellFormedTables(markdown);
  });

  it('puts every non-gating metric in one folded table', () => {
    const markdown = render(quickAb);
    const folded =
      /<details><summary>Other metrics, reported but not gating: latency p95 \(ms\), lowest second \(× median\), stall seconds \(s\) \(18 cells: 4 inconclusive\)<\/summary>([\s\S]*?)<\/details>/.exec(
        markdown,
      );
    expect(folded).not.toBeNull();
    expect(folded![1]!.match(/\| latency p95 \(ms\) \|/g)).toHaveLength(6);
    expect(folded![1]!.match(/\| stall seconds \(s\) \|/g)).toHaveLength(6);
    expect(visible(markdown)).not.toContain('latency p95 (ms) |');
  });

  it('warns about noise when a gating cell is inconclusive, and shows the machine', () => {
    const markdown = render(quickAa);
    expect(markdown).toContain('- **4 of 6 gating cells are inconclusive:**');
    expect(markdown).toContain('up to 38 per side');
    expect(markdown).toContain(
      '- the machine was busy before the run (load average 3.88 on 2 logical cores)',
    );
    expect(markdown).toContain(
      '**Machine:** Intel(R) Xeon(R) Processor · 2 logical cores (2 physical, SMT off) · no frequency governor exposed · virtual machine · load average 3.88 before the run',
    );
    expect(markdown).toContain('Server variables, version and compiler are the same on both sides');
    expect(markdown).not.toContain('What else differs');
    expect(render(instructions)).not.toContain('inconclusive:**');
  });

  it('shows published charts as images, and the note for those that could not be published', () => {
    const markdown = render(quickAb);
    expect(markdown).toContain('![Change per cell](https://example.org/charts/change.png)');
    expect(markdown).toContain(NOTE);
    const marker = commentMarker('quick');
    const withoutNote = renderComment(quickAb, { charts: CHARTS, marker });
    expect(withoutNote).not.toContain(NOTE);
    expect(withoutNote).toContain('![Change per cell]');
    const unpublished = renderComment(quickAb, { charts: [CHARTS[1]!], marker });
    expect(unpublished).not.toContain('### Charts');
    const odd = renderComment(quickAb, {
      charts: [{ name: 'x', title: 'a ] b', url: 'https://example.org/a (1).png' }],
      marker,
    });
    expect(odd).toContain('![a \\] b](https://example.org/a%20%281%29.png)');
  });

  it('escapes names and values from results and servers', () => {
    const markdown = render(hostile(quickAb));
    expect(markdown).not.toMatch(/<img/i);
    expect(markdown).not.toMatch(/<script/i);
    expect(markdown).not.toContain('<b>');
    expect(markdown).not.toMatch(/^# not a heading/m);
    expect(markdown).toContain('#### &lt;img src=x onerror=alert(1)&gt;');
    expect(markdown).toContain(
      '| evil\\_\\|\\_name | a\\|b\\`c\\`\\`d | &lt;/details&gt;&lt;script&gt;alert(1)&lt;/script&gt; \\| x \\| y \\| |',
    );
    expect(markdown).toContain('11.0 &lt;img src=x onerror=alert(1)&gt;');
    // A <summary> is HTML, so the name there is HTML-escaped.
    expect(markdown).toContain('Other metrics');
    // Exactly one closing tag per opened <details>: the value above could not close one.
    expect(markdown.match(/<details>/g)?.length).toBe(markdown.match(/<\/details>/g)?.length);
    expectWellFormedTables(markdown);
  });

  it('escapes hostile function names in the folded instruction details', () => {
    const markdown = render(hostile(instructions));
    expect(markdown).not.toMatch(/<img/i);
    expect(markdown).toContain(
      '<details><summary>Where the instructions went: &lt;img src=x onerror=alert(1)&gt; @ 1 thread',
    );
    expect(markdown).toContain('| &lt;img src=x onerror=alert(1)&gt;\\|x |');
    expectWellFormedTables(markdown);
  });
});

describe('renderComment length', () => {
  /** The A/B input with a config diff of 2,000 long entries (300 of them followers of one). */
  function huge(input: ReportInput): ReportInput {
    const value = (side: string, index: number): string => `${side}-${'v'.repeat(40)}-${index}`;
    const configDiff = [
      ...input.verdict.configDiff,
      { name: 'big_switch', base: 'OFF', head: 'ON' },
      ...Array.from({ length: 300 }, (_, index) => ({
        name: `big_switch_follower_${String(index).padStart(4, '0')}`,
        base: value('base', index),
        head: value('head', index),
      })),
      ...Array.from({ length: 1_699 }, (_, index) => ({
        name: `many_variable_${String(index).padStart(4, '0')}`,
        base: value('base', index),
        head: value('head', index),
      })),
    ];
    return { ...input, verdict: { ...input.verdict, configDiff: rankConfigDiff(configDiff, undefined) } };
  }

  it('fits GitHub’s limit by dropping the folded details, then cutting the longest table', () => {
    const input = huge(quickAb);
    const markdown = render(input);
    expect(markdown.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(markdown.length).toBeGreaterThan(GITHUB_COMMENT_LIMIT * 0.9);
    expect(markdown).not.toContain('<details>');
    expect(markdown).toMatch(/^> ✂️ \*\*Shortened to fit the 65,536-character limit of a comment\.\*\*/m);
    expect(markdown).toContain(
      'Left out: the folded sections (the variables that follow a changed one; other metrics; the commands to reproduce); rows of the differences between the sides (',
    );
    expect(markdown).toContain('`report.html` in the `report` artifact');
    expect(markdown).toMatch(/\*… 1,\d{3} more rows left out to fit; the full report has them\.\*/);
    // The verdict and every gating row survive; the tables stay tables.
    expect(markdown.split('\n')[1]).toBe('## ⚠️ Performance: inconclusive — 6 cells too noisy to decide');
    expect(markdown.match(/\| throughput \(tps\) \|/g)).toHaveLength(6);
    expect(markdown).toContain('### ⚠️ Warnings');
    expect(markdown).toContain('![Change per cell]');
    expectWellFormedTables(markdown);
  });

  it('drops only the folded details when that is enough', () => {
    const full = render(instructions);
    // The last folded section goes first: the commands to reproduce the verdict.
    const first = render(instructions, full.length - 1);
    expect(first.length).toBeLessThan(full.length);
    expect(first).not.toContain('Reproduce this verdict on your machine');
    expect(first).toContain('Where the instructions went: oltp_write_only');
    expect(first).toContain('Left out: the folded sections (the commands to reproduce).');
    // Then the one before it (the last cell's functions). (Ten characters less than the first: its
    // note names a limit of more digits.)
    const markdown = render(instructions, first.length - 10);
    expect(markdown).toContain('Where the instructions went: oltp_point_select');
    expect(markdown).not.toContain('Where the instructions went: oltp_write_only');
    expect(markdown).toContain(
      'Left out: the folded sections (where the instructions went; the commands to reproduce).',
    );
    expect(markdown).not.toContain('more rows left out');
  });

  it('cuts the end off when even the bare tables are too long', () => {
    const markdown = render(huge(quickAb), 1_500);
    expect(markdown.length).toBeLessThanOrEqual(1_500);
    expect(markdown.startsWith('<!-- mysql-perf-gate:suite=quick -->\n## ⚠️ Performance: inconclusive')).toBe(
      true,
    );
    expect(markdown).toContain('the end of the comment');
    expect(markdown.endsWith('*… cut here to fit.*\n')).toBe(true);
  });

  it('leaves a comment that fits alone', () => {
    expect(render(quickAb)).not.toContain('Shortened');
    expect(render(quickAb).length).toBeLessThan(GITHUB_COMMENT_LIMIT);
  });
});

describe('escapeMarkdown and mentions', () => {
  it('keeps a value like @team from notifying anyone, without changing what it shows', () => {
    const escaped = escapeMarkdown('owner: @mysql/perf-team');
    expect(escaped).not.toMatch(/@[A-Za-z]/);
    expect(escaped.replace(/\u2060/g, '')).toBe('owner: @mysql/perf-team');
  });
});
