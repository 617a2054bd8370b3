// Ninja's progress as the user sees it: a line at each further 5% of the build's steps, or every
// minute when steps are slow, and what was compiled, for build.json.
import { formatDuration } from '../format.js';
import type { Logger } from '../shell/logger.js';
import { compiledObject, ninjaProgress } from './build-log.js';

/**
 * Ninja prints "[done/total] what" for every step. Progress is shown at each further 5% of the
 * steps, or every minute when steps are slow. No time left is shown: steps are far from equal (a
 * MariaDB build did 84% of its steps in 63% of its time, then the large sql/ files), so any estimate
 * from the pace so far is off by minutes.
 */
export class BuildProgress {
  private pending = '';
  private lastPercent = 0;
  private lastShownS: number;
  private readonly startS: number;
  private done = 0;
  private total = 0;

  constructor(
    private readonly logger: Logger,
    private readonly now: () => number = () => performance.now() / 1000,
  ) {
    this.startS = now();
    this.lastShownS = this.startS;
  }

  feed(chunk: string): void {
    const lines = (this.pending + chunk).split('\n');
    this.pending = lines.pop() ?? '';
    for (const line of lines) this.line(line);
  }

  /** Objects compiled so far, in ninja's order. */
  readonly compiled: string[] = [];

  summary(): string {
    if (this.total === 0) return 'nothing to do';
    const compiled = `${this.compiled.length} compiled`;
    return `${this.done}/${this.total} steps, ${compiled}`;
  }

  /** Steps ninja has run so far. */
  get steps(): number {
    return this.done;
  }

  private line(line: string): void {
    const step = ninjaProgress(line);
    if (!step) return;
    this.done = step.done;
    this.total = step.total;
    const object = compiledObject(step.what);
    if (object !== undefined) this.compiled.push(object);
    const percent = Math.floor((100 * step.done) / step.total);
    const t = this.now();
    if (percent < this.lastPercent + 5 && t - this.lastShownS < 60 && step.done !== step.total) return;
    this.lastPercent = percent;
    this.lastShownS = t;
    const elapsed = t - this.startS;
    this.logger.progress(
      `build: ${step.done}/${step.total} (${percent}%) — elapsed ${formatDuration(elapsed)}`,
    );
  }
}
