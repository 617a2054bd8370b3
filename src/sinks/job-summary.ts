// The job summary (the file GitHub names in GITHUB_STEP_SUMMARY): the comment without its images,
// whose relative links would show nothing there, then the time of each stage of the job.
import { appendFileSync } from 'node:fs';

import { stageMarkdown } from '../report/stage-table.js';
import type { Sink } from './sink.js';

export const JOB_SUMMARY = 'job summary';

export function jobSummarySink(path: string): Sink {
  return {
    name: JOB_SUMMARY,
    deliver(delivery) {
      const stages =
        delivery.stages.length === 0 ? '' : `\n\n### Time per stage\n\n${stageMarkdown(delivery.stages)}\n`;
      appendFileSync(path, delivery.report.commentWithoutImages + stages);
      return Promise.resolve({ sink: JOB_SUMMARY });
    },
  };
}
