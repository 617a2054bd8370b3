// Escaping for GitHub-flavoured markdown. Everything a report quotes from results or servers
// (workload, variable and function names, values, versions, warnings, paths) comes from the
// pull request under test, so it must render as the text it is: never as markup, a link, an
// HTML tag or an extra table column; and its control characters are shown, never passed on
// (`printable`, untrusted-text.ts). Pure.

import { printable } from '../untrusted-text.js';

/**
 * Characters that mean something inline in GitHub markdown, backslash-escaped. `|` because GFM
 * splits table rows on unescaped pipes before anything else; `~` (strikethrough) and `$` (math)
 * are GitHub extensions; `#` because a heading drops trailing ones.
 */
const MARKDOWN_PUNCTUATION = /[\\`*_[\]|~$#]/g;

/**
 * Escapes `text` for HTML text or a quoted attribute value, its control characters shown. Also
 * what a `<summary>` of a markdown `<details>` needs: GitHub does not render markdown there, so
 * backslashes would show.
 */
export function escapeHtml(text: string): string {
  return printable(text).replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);
}

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escapes `text` for use inline in markdown: a paragraph, a list item, a heading or a table cell.
 * `<`, `>` and `&` become HTML entities (GitHub renders inline HTML, and an entity shows as the
 * character), markdown punctuation is backslash-escaped, and line breaks become spaces: a line
 * break could start a heading, a list or a table's delimiter row. Other control characters but tabs
 * are shown (`\x1b`), and their backslash escaped with the rest.
 */
export function escapeMarkdown(text: string): string {
  return (
    printable(text.replace(/\r\n|\r|\n/g, ' '))
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(MARKDOWN_PUNCTUATION, (char) => `\\${char}`)
      // A value like "@team" would notify that team when the comment is posted; an invisible
      // word joiner after the @ keeps the text and drops the mention.
      .replace(/@/g, '@\u2060')
  );
}

/**
 * Escapes `text` for one cell of a GFM table: everything escapeMarkdown escapes (its `|` escaping
 * is what keeps the row's column count; a backslash is escaped first so a quoted `\|` cannot
 * unescape our pipe), with runs of whitespace collapsed so a cell stays on its row.
 */
export function escapeTableCell(text: string): string {
  return escapeMarkdown(text).replace(/\s+/g, ' ').trim();
}

/**
 * A code span holding `text` verbatim, its control characters shown: the fence is one backtick
 * longer than the longest run of backticks inside, so nothing in the text can close it. Not for
 * table cells: GFM splits a row on pipes even inside code spans.
 */
export function codeSpan(text: string): string {
  const flat = printable(text.replace(/\r\n|\r|\n/g, ' '));
  const longestRun = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  // A span that starts or ends with a backtick needs a space between it and the fence (which
  // CommonMark strips again); so does one that starts and ends with a space.
  const padded = /^[` ]|[` ]$/.test(flat) && flat.trim() !== '' ? ` ${flat} ` : flat;
  return `${fence}${padded}${fence}`;
}

/**
 * A fenced code block holding `text` verbatim, its control characters shown: the fence is longer
 * than the longest run of backticks inside (three at least), so nothing in the text can close it.
 */
export function codeBlock(text: string): string {
  const shown = printable(text);
  const longestRun = Math.max(0, ...(shown.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${fence}sh\n${shown}\n${fence}`;
}

/** A URL for `![alt](url)`: characters that would end the destination or open markup are encoded. */
export function markdownUrl(url: string): string {
  return url.replace(
    /[\s()<>"'`\\]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/** One table row from already-escaped cells. */
export function tableRow(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

/** The delimiter row: 'l' left, 'r' right aligned. */
export function tableDelimiter(align: readonly ('l' | 'r')[]): string {
  return `|${align.map((side) => (side === 'r' ? '---:' : ':---')).join('|')}|`;
}
