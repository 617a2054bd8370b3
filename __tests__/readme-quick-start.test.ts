// The README's Quick start, the first thing a newcomer reads: it comes right after the pitch, runs
// exactly two commands (the quick start, then the tests), and says what the first ends with (the
// verdict's line and where report.html is), how long it takes, and where to go next. That the
// script really ends that way is __tests__/scripts/quickstart.int.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from './helpers/real-run.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The text of a `## ` section, heading excluded, up to the next `## `. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README.md has no "## ${heading}" section`);
  const body = markdown.slice(start + heading.length + 5);
  const end = body.search(/^## /m);
  return end < 0 ? body : body.slice(0, end);
}

/** Every fenced block's language and lines. */
function codeBlocks(markdown: string): { language: string; lines: string[] }[] {
  return [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((match) => ({
    language: match[1] ?? '',
    lines: (match[2] ?? '').split('\n').filter((line) => line.trim() !== ''),
  }));
}

const quickStart = section(README, 'Quick start');
const blocks = codeBlocks(quickStart);

describe("the README's Quick start", () => {
  it('is the first section, right after the title and the pitch', () => {
    const headings = [...README.matchAll(/^(#{1,2}) (.*)$/gm)].map((match) => match[0]);
    expect(headings.slice(0, 2)).toEqual(['# mysql-perf-gate', '## Quick start']);
  });

  it('runs exactly two commands: the quick start, then the tests', () => {
    const commands = blocks[0]?.lines.map((line) => line.replace(/\s+#.*$/, ''));
    expect({ language: blocks[0]?.language, commands }).toEqual({
      language: 'sh',
      commands: ['./scripts/quickstart.sh', './scripts/test.sh'],
    });
  });

  it("shows the quick start's last two lines: the verdict, and report.html's absolute path", () => {
    const ending = blocks[1]?.lines.slice(-2) ?? [];
    expect(ending[0]).toMatch(/^verdict: FAIL — \d+ regression\(s\), .*\(suite instructions; /);
    expect(ending[1]).toMatch(/^report: \/\S+\/quickstart\/report\/report\.html$/);
  });

  it('says how long it takes, and links both ways on: GitHub-hosted instruction counts and a pinned runner', () => {
    expect(quickStart).toMatch(/\bin (about )?\d+( to \d+)? minutes on 2 cores/i);
    for (const link of [
      'examples/workflows/pr-instructions.yml',
      'examples/workflows/pr-publish.yml',
      'docs/setup.md',
      'docs/runners.md',
    ]) {
      expect(quickStart).toContain(`](${link}`);
    }
  });
});
