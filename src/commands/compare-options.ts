// Compare flags (CLI) or inputs (action) → CompareOptions. Shared so both validate the same way;
// errors name the flag or input the user wrote.
import { InputError } from '../errors.js';
import { cliSpelling, type FlagSpelling } from './run-options.js';
import { isMetricName, METRIC_NAMES, type MetricName } from '../compare/metrics.js';
import { parseToleranceRule } from '../compare/tolerances.js';
import { type CompareOptions, DEFAULT_COMPARE_OPTIONS, type InconclusivePolicy } from '../compare/verdict.js';

export interface CompareOptionFlags {
  tolerance: string[];
  alpha: string;
  inconclusive: string;
  gate: string;
}

function parseInconclusive(value: string, flag: string): InconclusivePolicy {
  if (value === 'pass' || value === 'fail') return value;
  throw new InputError(`${flag} ${value}: expected pass or fail`);
}

function parseAlpha(value: string, flag: string): number {
  const alpha = Number(value);
  if (!Number.isFinite(alpha) || alpha <= 0 || alpha >= 0.5) {
    throw new InputError(`${flag} ${value}: expected a significance level between 0 and 0.5, e.g. 0.05`);
  }
  return alpha;
}

function parseGate(value: string, flag: string): MetricName[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  for (const name of names) {
    if (!isMetricName(name)) {
      throw new InputError(`${flag} ${value}: unknown metric "${name}"; metrics: ${METRIC_NAMES.join(', ')}`);
    }
  }
  if (names.length === 0)
    throw new InputError(`${flag}: name at least one metric (${METRIC_NAMES.join(', ')})`);
  return names.filter(isMetricName);
}

export function compareOptionsFromFlags(
  flags: CompareOptionFlags,
  spell: FlagSpelling = cliSpelling,
): CompareOptions {
  return {
    ...DEFAULT_COMPARE_OPTIONS,
    alpha: parseAlpha(flags.alpha, spell('alpha')),
    inconclusivePolicy: parseInconclusive(flags.inconclusive, spell('inconclusive')),
    gateMetrics: parseGate(flags.gate, spell('gate')),
    toleranceRules: flags.tolerance.map((rule) => parseToleranceRule(rule, spell('tolerance'))),
  };
}
