// What the comment is made of: blocks that trim.ts can drop or cut when the whole is too long.
import { escapeHtml } from '../../markdown.js';

/**
 * The comment is a list of blocks so that it can be shortened: folded details are dropped first
 * (a reader has to click to see them anyway), then rows are cut from the longest tables and lists,
 * and only then is the end cut off.
 */
export type Block =
  | { readonly kind: 'text'; readonly text: string }
  /** Where the note on what was cut goes, when something was. */
  | { readonly kind: 'cut-note' }
  | { readonly kind: 'details'; readonly what: string; readonly text: string }
  | {
      readonly kind: 'rows';
      /** What the rows are, for the cut note (markdown). */
      readonly what: string;
      /** Heading and, for a table, its header and delimiter rows. */
      readonly lead: string;
      readonly rows: readonly string[];
    };

/** A folded section; the summary is HTML, where GitHub renders no markdown. */
export function details(summary: string, body: string): string {
  return `<details><summary>${escapeHtml(summary.replace(/\s+/g, ' '))}</summary>\n\n${body}\n\n</details>`;
}
