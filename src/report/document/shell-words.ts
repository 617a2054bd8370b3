// Shell words for the commands a report prints: each word as the shell reads back exactly that
// word, whatever the results file put in it (a workload name, a path, an option's value). Words of
// safe characters stay bare; the rest are single-quoted, a quote inside written as '\''. A word
// holding a control character is written in bash's $'…' form with the character as \xHH (\uHHHH above 0x7f), so the
// printed command shows it instead of carrying it, and still means the same word. Pure.

const BARE = /^[A-Za-z0-9_@%+=:,./-]+$/;
const CONTROL = /\p{Cc}/u;

/** One word, quoted for the shell when it needs to be. */
export function shellWord(word: string): string {
  if (BARE.test(word)) return word;
  if (!CONTROL.test(word)) return `'${word.replaceAll("'", `'\\''`)}'`;
  const escaped = Array.from(word)
    .map((char) => {
      if (char === '\\' || char === "'") return `\\${char}`;
      const code = char.codePointAt(0) ?? 0;
      if (!CONTROL.test(char)) return char;
      return code < 0x80
        ? `\\x${code.toString(16).padStart(2, '0')}`
        : `\\u${code.toString(16).padStart(4, '0')}`;
    })
    .join('');
  return `$'${escaped}'`;
}

/** A command line: its words quoted and joined by spaces. */
export function shellCommand(words: readonly string[]): string {
  return words.map(shellWord).join(' ');
}
