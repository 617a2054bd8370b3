// untrusted-text.ts: control characters shown, commands seen as a runner sees them, JSON kept the
// same value. Tables for the rules, then properties over texts built from the pieces that matter
// (escape sequences, carriage returns, `::` and `##[` at and off line starts, C1, separators),
// with a fixed seed so that a failure replays.
import fc from 'fast-check';

import {
  commandsStopped,
  printableJson,
  printable,
  printableLine,
  readsAsCommand,
} from '../src/untrusted-text.js';
import { controlCharacters, readAsRunner } from './helpers/workflow-commands.js';

const SEED = 43;
const RUNS = 500;

/** Texts made of what hostile output is made of, and any other character now and then. */
const hostileText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '\n',
        '\r',
        '\r\n',
        '\t',
        ' ',
        '\u0085',
        '\u2028',
        '\u00a0',
        '::',
        '##[',
        ']',
        'error',
        'stop-commands',
        'add-mask',
        'set-output name=x',
        '\x1b[31m',
        '\x1b]0;title\x07',
        '\x9b',
        '\x7f',
        '\x00',
        '\\x1b',
        '#',
        '[',
        '"',
        '\\',
      ),
      fc.string({ maxLength: 3, unit: 'binary' }),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

const TOKEN = 'a'.repeat(32);

describe('printable', () => {
  it.each([
    ['plain text', 'plain text'],
    ['colour \x1b[31mred\x1b[0m', 'colour \\x1b[31mred\\x1b[0m'],
    ['a bare\rreturn', 'a bare\\rreturn'],
    ['CR LF\r\nline', 'CR LF\nline'],
    ['\r\r\n', '\\r\n'],
    ['bell\x07 del\x7f nul\x00', 'bell\\x07 del\\x7f nul\\x00'],
    ['C1 CSI \x9b31m, NEL \x85', 'C1 CSI \\x9b31m, NEL \\x85'],
    ['lines\nand\ttabs stay', 'lines\nand\ttabs stay'],
    ['é, ü, ✓ and 😀 stay', 'é, ü, ✓ and 😀 stay'],
  ])('shows %j as %j', (text, shown) => {
    expect(printable(text)).toBe(shown);
  });

  it('leaves no control character but line feeds and tabs, and showing again changes nothing', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const shown = printable(text);
        expect(controlCharacters(shown)).toEqual([]);
        expect(printable(shown)).toBe(shown);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('changes only control characters: text without them stays as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const clean = text.replace(/\p{Cc}/gu, '');
        expect(printable(clean)).toBe(clean);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe('printableLine', () => {
  it('keeps a text to one line: line feeds and tabs shown too', () => {
    expect(printableLine('a\nb\tc\r\x1b')).toBe('a\\nb\\tc\\r\\x1b');
    fc.assert(
      fc.property(hostileText, (text) => {
        expect(printableLine(text)).not.toMatch(/\p{Cc}/u);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe('readsAsCommand', () => {
  it.each([
    ['::error::x', true],
    ['  ::set-output name=a::b', true],
    ['text\n::add-mask::x', true],
    ['text\u2028::add-mask::x', true],
    ['\u0085::add-mask::x', true],
    ['note ##[set-output name=a;]b', true],
    ['THD::close_thread_tables() and std::vector', false],
    ['a: ::b', false],
    ['## [not one]', false],
  ])('%j: %s', (text, reads) => {
    expect(readsAsCommand(text)).toBe(reads);
  });

  it('is true of every text in which the runner would obey a command (printable or not)', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        for (const shown of [text, printable(text)]) {
          if (readAsRunner(shown).obeyed.length > 0) expect(readsAsCommand(shown)).toBe(true);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe('commandsStopped', () => {
  it('puts the text between the stop-commands line and its resume', () => {
    expect(commandsStopped('::error::x', TOKEN)).toBe(`::stop-commands::${TOKEN}\n::error::x\n::${TOKEN}::`);
  });

  it('refuses a token that is short, not hex, or in the text', () => {
    expect(() => commandsStopped('x', 'abc')).toThrow('not a fresh stop-commands token');
    expect(() => commandsStopped('x', 'g'.repeat(32))).toThrow('not a fresh stop-commands token');
    expect(() => commandsStopped(`::${TOKEN}::`, TOKEN)).toThrow('not a fresh stop-commands token');
  });

  it('leaves the runner nothing to obey in a printable text, and commands running after it', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const read = readAsRunner(commandsStopped(printable(text), TOKEN));
        expect(read.obeyed).toEqual([]);
        expect(read.stoppedAtEnd).toBe(false);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

describe('printableJson', () => {
  it('escapes DEL, C1, the separators and the `#` of `##[` inside strings', () => {
    expect(printableJson(JSON.stringify({ a: '\x7f\x9b\u2028 ##[set-output]' }))).toBe(
      '{"a":"\\u007f\\u009b\\u2028 #\\u0023[set-output]"}',
    );
  });

  it('reads back as the same value, with no control character and no command left', () => {
    fc.assert(
      fc.property(fc.jsonValue(), hostileText, (value, text) => {
        const document = { value, text, [text]: [text] };
        const json = printableJson(JSON.stringify(document, null, 2));
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(document)));
        expect(printable(json)).toBe(json);
        expect(readsAsCommand(json)).toBe(false);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
