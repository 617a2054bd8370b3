// Text the tool did not write, shown as the text it is. A build's log, a server's `--version`
// output and error log, sysbench's output and the file names of a tree or an artifact come from
// code under test: printed raw, an escape sequence would steer the terminal (colours, the window's
// title, the clipboard) and a bare carriage return would hide what came before it on the line; in
// a GitHub step's log, a line such as `::add-mask::…` or `::set-output …` would be obeyed as a
// workflow command. This module decides, once, what every printer (`shell/runner-text.ts`) and
// every renderer (`report/markdown.ts`) does about it. Pure.

/** How a control character is shown: as JavaScript would write it in a string. */
const SHOWN: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function shown(char: string): string {
  return SHOWN[char] ?? `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
}

/**
 * `text` with its control characters made visible (ESC as `\x1b`, a bare carriage return as `\r`):
 * the C0 set, DEL and the C1 set (U+0080–U+009F, which some terminals also obey). Line feeds and
 * tabs stay, being the text's layout; a CR LF line end becomes a line feed. What is left holds no
 * control character but those two, whatever `text` held, and showing it again changes nothing.
 */
export function printable(text: string): string {
  return text.replace(/\r\n|(?![\n\t])\p{Cc}/gu, (match) => (match === '\r\n' ? '\n' : shown(match)));
}

/** `text` kept to one line: as `printable`, and line feeds and tabs shown too (a name, a value). */
export function printableLine(text: string): string {
  return text.replace(/\p{Cc}/gu, shown);
}

/**
 * Whether a GitHub runner would read a workflow command in `text`, printed as a step's output: a
 * line that starts with `::` once its leading white space is trimmed (the runner trims it), or
 * `##[` anywhere in a line (the older form of command, which the runner looks for anywhere). Wider
 * than the runner where in doubt: any Unicode line break starts a line here.
 */
export function readsAsCommand(text: string): boolean {
  return /^[\s\u0085]*::/mu.test(text) || text.includes('##[');
}

/**
 * JSON text (as JSON.stringify writes it) that reads back as the same value, with no control
 * character but its layout and nothing a runner would obey: DEL and the C1 set, which
 * JSON.stringify leaves as they are, the line and paragraph separators, and the second `#` of a
 * `##[`, written as `\u` escapes. All of them occur only inside strings, where such an escape
 * is the same character.
 */
export function printableJson(json: string): string {
  return json.replace(/[\u007f-\u009f\u2028\u2029]|##\[/g, (match) =>
    match === '##[' ? '#\\u0023[' : `\\u${match.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * `text` between `::stop-commands::TOKEN` and `::TOKEN::` lines: GitHub's documented way of having
 * the runner print lines without obeying any command in them until the token comes back. The
 * token must be random, made for this block (a text cannot end a block whose token it does not
 * know), and not in `text`.
 */
export function commandsStopped(text: string, token: string): string {
  if (!/^[0-9a-f]{32,}$/.test(token) || text.includes(token)) {
    throw new Error(`not a fresh stop-commands token: ${token}`);
  }
  return `::stop-commands::${token}\n${text}\n::${token}::`;
}
