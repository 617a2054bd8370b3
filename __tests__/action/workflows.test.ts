// The example workflows use only inputs the action declares: a renamed input would otherwise be
// ignored silently by the runner (it only warns about unexpected inputs).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parse } from 'yaml';

const ROOT = join(import.meta.dirname, '../..');

interface Step {
  uses?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  jobs: Record<string, { steps: Step[] }>;
}

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> };
const declared = new Set(Object.keys(action.inputs));
const files = readdirSync(join(ROOT, 'examples', 'workflows')).filter((name) => name.endsWith('.yml'));

describe('example workflows', () => {
  it('there are some', () => {
    expect(files.length).toBeGreaterThanOrEqual(4);
  });

  it.each(files)('%s passes the action only inputs it declares', (file) => {
    const workflow = parse(readFileSync(join(ROOT, 'examples', 'workflows', file), 'utf8')) as Workflow;
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
    const ours = steps.filter((step) => step.uses?.startsWith('mysql-perf-gate/mysql-perf-gate@'));
    expect(ours.length).toBeGreaterThan(0);
    for (const step of ours) {
      const unknown = Object.keys(step.with ?? {}).filter((name) => !declared.has(name));
      expect(unknown).toEqual([]);
    }
  });
});
