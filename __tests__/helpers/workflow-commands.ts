// A step's output read the way a GitHub runner reads it (actions/runner, ActionCommandManager and
// ActionCommand): line by line (CR, LF or CR LF end a line), a line is a command when, its leading
// white space trimmed, it starts with `::NAME` and has a second `::` (`::name props::data`), or
// when it holds `##[NAME` followed by `]` anywhere (the older form). After `::stop-commands::TOKEN`
// nothing is obeyed until a command named TOKEN. Wider than the runner where it differs: any name
// counts, registered or not.

export interface ObeyedCommand {
  /** The command's name, as the runner compares it (case-insensitively). */
  readonly name: string;
  /** Its properties, as written (`name=verdict`). */
  readonly props: string;
  readonly data: string;
  readonly form: '::' | '##[';
  readonly line: string;
}

/** The command a runner reads in one line, if any. */
function commandOf(line: string): ObeyedCommand | undefined {
  const trimmed = line.replace(/^[\s\u0085]+/u, '');
  if (trimmed.startsWith('::')) {
    const end = trimmed.indexOf('::', 2);
    if (end >= 0) {
      const info = trimmed.slice(2, end);
      const space = info.indexOf(' ');
      const name = space < 0 ? info : info.slice(0, space);
      if (name !== '') {
        const props = space < 0 ? '' : info.slice(space + 1);
        return { name, props, data: trimmed.slice(end + 2), form: '::', line };
      }
    }
  }
  const start = line.indexOf('##[');
  const close = start < 0 ? -1 : line.indexOf(']', start);
  if (close < 0) return undefined;
  const info = line.slice(start + 3, close);
  const space = info.indexOf(' ');
  const name = space < 0 ? info : info.slice(0, space);
  const props = space < 0 ? '' : info.slice(space + 1);
  return name === '' ? undefined : { name, props, data: line.slice(close + 1), form: '##[', line };
}

/**
 * What the runner does with `output`: every command it obeys (the stop-commands lines and their
 * resumes left out: they are the runner's, not a command it carries out), and whether it is left
 * with commands stopped at the end (a block the output opened and never closed).
 */
export function readAsRunner(output: string): { obeyed: ObeyedCommand[]; stoppedAtEnd: boolean } {
  const obeyed: ObeyedCommand[] = [];
  let stopToken: string | undefined;
  for (const line of output.split(/\r\n|\r|\n/)) {
    const command = commandOf(line);
    if (command === undefined) continue;
    const name = command.name.toLowerCase();
    if (stopToken !== undefined) {
      if (name === stopToken) stopToken = undefined;
    } else if (name === 'stop-commands') {
      stopToken = command.data.toLowerCase();
    } else {
      obeyed.push(command);
    }
  }
  return { obeyed, stoppedAtEnd: stopToken !== undefined };
}

/** Control characters other than line feeds and tabs: what a printer must never pass on. */
export function controlCharacters(output: string): string[] {
  return [...output.matchAll(/(?![\n\t])\p{Cc}/gu)].map(
    (match) => `U+${(match[0].codePointAt(0) ?? 0).toString(16).padStart(4, '0')} at ${match.index}`,
  );
}
