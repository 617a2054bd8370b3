import { readFileSync } from 'node:fs';

import { parseCpuInfo } from '../../src/environment/cpuinfo.js';

const twoThreadsOneCore = `processor\t: 0
model name\t: Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz
physical id\t: 0
core id\t\t: 0
flags\t\t: fpu vme sse2 ht hypervisor

processor\t: 1
model name\t: Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz
physical id\t: 0
core id\t\t: 0
flags\t\t: fpu vme sse2 ht hypervisor
`;

describe('parseCpuInfo', () => {
  it('counts logical and physical cores and sees the hypervisor flag', () => {
    expect(parseCpuInfo(twoThreadsOneCore)).toEqual({
      model: 'Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz',
      logicalCores: 2,
      physicalCores: 1,
      hypervisor: true,
    });
  });

  it('says physical cores are unknown when core ids are missing (some ARM and VM kernels)', () => {
    const arm = 'processor\t: 0\nBogoMIPS\t: 50.00\n\nprocessor\t: 1\nBogoMIPS\t: 50.00\n';
    expect(parseCpuInfo(arm)).toMatchObject({ logicalCores: 2, physicalCores: null, model: 'unknown' });
  });

  it('reads this machine', () => {
    const info = parseCpuInfo(readFileSync('/proc/cpuinfo', 'utf8'));
    expect(info.logicalCores).toBeGreaterThan(0);
    expect(info.model).not.toBe('');
  });
});
