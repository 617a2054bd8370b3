// How long each step of a build may take, and stay silent. CMake prints as it configures and
// installs; ninja prints a line as each of its steps finishes, and one step (a large file at -O3,
// a link with LTO on two cores) can take many minutes: so the build's own limit is its silence.
import type { Deadline } from '../shell/deadline.js';

export type BuildStep = 'configure' | 'build' | 'install';

const LIMITS: Readonly<Record<BuildStep, { seconds: number; idleSeconds: number; basis: string }>> = {
  configure: {
    seconds: 3600,
    idleSeconds: 1200,
    basis: 'configuring takes minutes; silent for 20 minutes is a hang',
  },
  build: {
    seconds: 24 * 3600,
    idleSeconds: 3600,
    basis: 'ninja prints a line per finished step; no step here has taken an hour',
  },
  install: {
    seconds: 3600,
    idleSeconds: 1200,
    basis: 'installing copies files; silent for 20 minutes is a hang',
  },
};

/** The deadline of one build step run as `what` ("ninja (the build)"). */
export function buildDeadline(step: BuildStep, what: string): Deadline {
  return { what, ...LIMITS[step] };
}
