// docs/doctor.schema.json is generated from the zod schema: this test fails when it is not current.
// Regenerate: WRITE_DOCTOR_SCHEMA=1 jest __tests__/environment/doctor-schema.test.ts --selectProjects unit,
// then `prettier --write docs/doctor.schema.json` (the comparison is of the JSON, not its layout).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { doctorJsonSchema } from '../../src/environment/doctor-schema.js';

const FILE = join(import.meta.dirname, '../../docs/doctor.schema.json');

describe('docs/doctor.schema.json', () => {
  it('is what the zod schema generates', () => {
    const generated = doctorJsonSchema();
    if (process.env.WRITE_DOCTOR_SCHEMA === '1')
      writeFileSync(FILE, `${JSON.stringify(generated, null, 2)}\n`);
    expect(JSON.parse(readFileSync(FILE, 'utf8'))).toEqual(generated);
  });
});
