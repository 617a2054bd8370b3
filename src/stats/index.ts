// Pure statistics for comparing benchmark runs: numbers in, numbers out, nothing logged or read.
export { bootstrapRatioOfMedians, DEFAULT_BOOTSTRAP_SEED } from './bootstrap.js';
export type { BootstrapOptions, RatioInterval } from './bootstrap.js';
export {
  mad,
  MAD_NORMAL_SCALE,
  mean,
  median,
  medianOfSorted,
  quantile,
  quantileOfSorted,
  robustCv,
  robustCvEstimate,
  sampleStdDev,
} from './descriptive.js';
export type { CvEstimate, CvEstimator } from './descriptive.js';
export { EXACT_MAX_PAIRS, exactUDistribution, mannWhitneyU, smallestExactPValue } from './mann-whitney.js';
export type { Alternative, MannWhitneyMethod, MannWhitneyResult } from './mann-whitney.js';
export { holm } from './multiple.js';
export { normalCdf, normalPpf, normalSf } from './normal.js';
export { minimumDetectableEffect, minimumRepetitionsForAlpha, repetitionsToResolve } from './power.js';
export type { DetectableEffectInput, RepetitionsInput } from './power.js';
export { createRng, Xoshiro128StarStar } from './random.js';
