// What the tests read from docs/setup.md: the one `sh` block that copies the example workflows
// (marked `# setup:copy-workflows`), and the rows of its permission tables (workflow, job,
// permission), so that the page is checked against the files it describes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from './real-run.js';

export const SETUP_PAGE = join(ROOT, 'docs', 'setup.md');
export const COPY_MARKER = '# setup:copy-workflows';
/** The blocks of the short path, from a bare machine to a first verdict. */
export const PATH_MARKER = '# setup:path';

export function readSetupPage(): string {
  return readFileSync(SETUP_PAGE, 'utf8');
}

/** The contents of every fenced block of the given language (a block in a list item unindented). */
function fencedBlocks(markdown: string, language: string): string[] {
  const blocks: string[] = [];
  let open: { language: string; indent: string; lines: string[] } | null = null;
  for (const line of markdown.split('\n')) {
    const fence = /^(\s*)```(\S*)\s*$/.exec(line);
    if (open === null) {
      if (fence) open = { language: fence[2] ?? '', indent: fence[1] ?? '', lines: [] };
    } else if (fence) {
      if (open.language === language) blocks.push(open.lines.join('\n'));
      open = null;
    } else {
      open.lines.push(line.startsWith(open.indent) ? line.slice(open.indent.length) : line);
    }
  }
  return blocks;
}

/** The `sh` blocks with `marker` as one of their lines. */
export function markedBlocks(markdown: string, marker: string): string[] {
  return fencedBlocks(markdown, 'sh').filter((block) => block.split('\n').includes(marker));
}

/**
 * The simple commands of a shell block as a shell runs them: lines continued by a backslash
 * joined, comments dropped, and a line split at `&&`, `||`, `;` and `|` (each part is a command
 * to type, whatever joins them).
 */
export function shellCommands(block: string): string[] {
  return block
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter((line) => line !== '')
    .flatMap((line) => line.split(/\s*(?:&&|\|\||;|\|)\s*/))
    .filter((command) => command !== '');
}

/** The `sh` block with the copy marker; exactly one, or it throws. */
export function copyWorkflowsBlock(markdown: string): string {
  const marked = fencedBlocks(markdown, 'sh').filter((block) => block.split('\n').includes(COPY_MARKER));
  if (marked.length !== 1) {
    throw new Error(`docs/setup.md has ${marked.length} sh blocks with the line "${COPY_MARKER}", not one`);
  }
  return marked[0] ?? '';
}

export interface PermissionRow {
  /** The workflow's path in this repository: examples/workflows/x.yml or .github/workflows/x.yml. */
  readonly file: string;
  readonly job: string;
  /** `scope: level`, `none` (permissions: {}) or `the caller's` (no permissions block). */
  readonly permission: string;
}

/**
 * The rows of the page's permission tables: a link to a workflow, a job id in backticks, then a
 * permission (`scope: level` in backticks, `none` or `the caller's`).
 */
export function permissionRows(markdown: string): PermissionRow[] {
  const rows: PermissionRow[] = [];
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells.length !== 4) continue;
    const link = /^\[`[^`]+`\]\(\.\.\/((?:examples|\.github)\/workflows\/[a-z-]+\.yml)\)$/.exec(
      cells[0] ?? '',
    );
    const job = /^`([a-z-]+)`$/.exec(cells[1] ?? '');
    const permission = /^`([a-z-]+: (?:read|write))`$|^(none|the caller's)$/.exec(cells[2] ?? '');
    if (!link || !job || !permission) continue;
    rows.push({ file: link[1] ?? '', job: job[1] ?? '', permission: permission[1] ?? permission[2] ?? '' });
  }
  return rows;
}
