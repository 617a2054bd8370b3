// The job summary (the file GitHub names in GITHUB_STEP_SUMMARY): the comment without its images,
// whose relative links would show nothing there, then the time of each stage of the job.
import { appendFileSync } from 'node:fs';

import { renderJobSummary } from '../report/render/job-summary.js';
import type { Sink } from './sink.js';

export const JOB_SUMMARY = 'job summary';

export function jobSummarySink(path: string): Sink {
  return {
    name: JOB_SUMMARY,
    deliver(delivery) {
      const comment = delivery.report.commentWithoutImages;
      appendFileSync(
        path,
        delivery.stages.length === 0 ? comment : renderJobSummary(comment, delivery.stages),
      );
      return Promise.resolve({ sink: JOB_SUMMARY });
    },
  };
}
