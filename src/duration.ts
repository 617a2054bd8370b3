// Durations written by users: `30s`, `10m`, `1.5h`, `1h30m`, `250ms`. Pure.
import { InputError } from './errors.js';

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * A duration → milliseconds; `0` → 0; absent or empty → null. `label` names the flag or input and
 * `meaning` says what the value is for, both in the error.
 */
export function parseDuration(text: string | undefined, label: string, meaning: string): number | null {
  const value = text?.trim() ?? '';
  if (value === '') return null;
  if (/^0+(\.0*)?$/.test(value)) return 0;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  const covered = parts.map((part) => part[0]).join('');
  if (parts.length === 0 || covered !== value) {
    throw new InputError(
      `${label} "${value}" is not a duration: give a number with a unit, e.g. 30s, 10m, 1h or 1h30m (${meaning})`,
    );
  }
  let ms = 0;
  for (const [, amount, unit] of parts) ms += Number(amount) * (UNIT_MS[unit ?? ''] ?? 0);
  return Math.round(ms);
}
