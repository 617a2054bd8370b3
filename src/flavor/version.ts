// A server's version against the oldest one a description's settings and statements fit: the
// CMake arguments only older trees take, and the operational cells' settings. Pure.
import type { FlavorDescription } from './description.js';

/** Whether `version` ("8.0.27-18") comes before `limit` ("8.0.28"), major, minor and patch compared. */
export function versionBefore(version: string, limit: string): boolean {
  const parts = (text: string): number[] => text.split(/[.-]/).slice(0, 3).map(Number);
  const [have, want] = [parts(version), parts(limit)];
  for (let i = 0; i < 3; i += 1) {
    const [a = 0, b = 0] = [have[i], want[i]];
    if (a !== b) return a < b;
  }
  return false;
}

/**
 * Why a server of this flavor and version cannot run operational cells (recovery, cold start,
 * replica apply): older than the flavor's settings and statements for them; undefined when it can.
 */
export function operationsRefusal(
  flavor: Pick<FlavorDescription, 'name' | 'operations'>,
  version: string,
): string | undefined {
  const least = flavor.operations.minimumVersion;
  if (least === null || !versionBefore(version, least.version)) return undefined;
  return `${flavor.name} ${version} cannot run operational cells: they need ${flavor.name} ${least.version} or newer (${least.why})`;
}
