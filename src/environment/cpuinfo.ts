// Facts from /proc/cpuinfo text. Pure.

export interface CpuInfo {
  readonly model: string;
  readonly logicalCores: number;
  /** Distinct (physical id, core id) pairs; null when the kernel does not report them. */
  readonly physicalCores: number | null;
  readonly hypervisor: boolean;
}

export function parseCpuInfo(text: string): CpuInfo {
  const processors = text
    .split(/\n\s*\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon === -1) continue;
        fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      return fields;
    })
    .filter((fields) => fields.has('processor'));
  const first = processors[0];
  const model = first?.get('model name') ?? first?.get('cpu model') ?? first?.get('Processor') ?? 'unknown';
  const cores = new Set<string>();
  let complete = processors.length > 0;
  for (const fields of processors) {
    const physical = fields.get('physical id');
    const core = fields.get('core id');
    if (physical === undefined || core === undefined) complete = false;
    else cores.add(`${physical}/${core}`);
  }
  const flags = first?.get('flags') ?? '';
  return {
    model,
    logicalCores: processors.length,
    physicalCores: complete ? cores.size : null,
    hypervisor: flags.split(/\s+/).includes('hypervisor'),
  };
}
