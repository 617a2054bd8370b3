// What the 0x… entries of a function list are: code without a symbol, in which objects.
import { unnamedNote } from '../../../src/report/document/functions.js';
import { renderVerdictSummary } from '../../../src/report/render/terminal.js';
import { abReportInput, fixtureResults } from '../../helpers/report-input.js';

describe('unnamedNote', () => {
  it('names the objects whose code has no symbol, once each', () => {
    const note = unnamedNote([
      { name: 'pfs_memory_alloc_vc(unsigned int, unsigned long, PSI_thread**)', object: '/b/bin/mysqld' },
      { name: '0x000000000029ad80', object: '/usr/lib/x86_64-linux-gnu/libcrypto.so.3' },
      { name: '0x000000000029b000', object: '/usr/lib/x86_64-linux-gnu/libcrypto.so.3' },
      { name: '0x0000000000c9c6d0', object: '/usr/sbin/mariadbd' },
    ]);
    expect(note).toBe(
      "0x… entries are code without a symbol in libcrypto.so.3, mariadbd (stripped): a build with symbols, or the distribution's debug-symbol package, names them; addresses of two different builds do not match",
    );
  });

  it('says nothing when every function shown has a name', () => {
    expect(unnamedNote([{ name: 'do_command(THD*)', object: '/b/bin/mysqld' }])).toBeUndefined();
    expect(unnamedNote([])).toBeUndefined();
  });

  it('the summary says it for the stripped server of the instructions fixture', () => {
    const { verdict } = abReportInput(fixtureResults('instructions-performance-schema.json'), 'r.json');
    expect(renderVerdictSummary(verdict)).toMatch(
      /\(0x… entries are code without a symbol in mariadbd \(stripped\)/,
    );
  });
});
