// The action's job summary: the comment as it reads before its images are published, then how long
// each stage took.
import type { StageRow } from '../document/stages.js';
import { stageMarkdown } from './markdown/stages.js';

export function renderJobSummary(commentWithoutImages: string, stages: readonly StageRow[]): string {
  return `${commentWithoutImages}\n\n### Time per stage\n\n${stageMarkdown(stages)}\n`;
}
