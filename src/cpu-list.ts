// CPU lists as the kernel and taskset write them: "0-3,6". Pure.

/** "0-3,6" (the kernel's and taskset's list format) → [0, 1, 2, 3, 6]. */
export function parseCpuList(text: string): number[] {
  const cpus = new Set<number>();
  for (const part of text.trim().split(',')) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!match) throw new RangeError(`not a CPU list: "${text}" (expected e.g. 0-3,6)`);
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    for (let cpu = first; cpu <= last; cpu++) cpus.add(cpu);
  }
  return [...cpus].sort((a, b) => a - b);
}

/** [0, 1, 2, 3, 6] → "0-3,6". */
export function formatCpuList(cpus: readonly number[]): string {
  const sorted = [...new Set(cpus)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let index = 0; index < sorted.length;) {
    const first = sorted[index] ?? 0;
    let last = first;
    while (sorted[index + 1] === last + 1) {
      last += 1;
      index += 1;
    }
    parts.push(first === last ? String(first) : `${first}-${last}`);
    index += 1;
  }
  return parts.join(',');
}
