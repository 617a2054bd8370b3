// The machine a run measured on: enough to tell whether two results are comparable.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';

import type { Environment } from '../results/results-schema.js';
import { parseCpuInfo } from './cpuinfo.js';

function readText(path: string): string | null {
  try {
    return existsSync(path) ? readFileSync(path, 'utf8').trim() : null;
  } catch {
    return null;
  }
}

function osName(): string {
  const release = readText('/etc/os-release');
  const pretty = release?.match(/^PRETTY_NAME="?([^"\n]*)"?$/m);
  return pretty?.[1] ?? `${os.type()} ${os.release()}`;
}

function loadAverage(): [number, number, number] {
  const [one = 0, five = 0, fifteen = 0] = os.loadavg();
  return [one, five, fifteen];
}

/** The machine now; loadAverageAfter is set to the current load and replaced when the run ends. */
export function captureEnvironment(sysbenchVersion: string): Environment {
  const cpu = parseCpuInfo(readText('/proc/cpuinfo') ?? '');
  const logicalCores = cpu.logicalCores > 0 ? cpu.logicalCores : os.cpus().length;
  const smtText = readText('/sys/devices/system/cpu/smt/active');
  const smt = smtText === null ? null : smtText === '1';
  const governor = readText('/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor');
  const memoryBytes = os.totalmem();
  const model = cpu.model === 'unknown' ? (os.cpus()[0]?.model ?? 'unknown') : cpu.model;
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([model, logicalCores, cpu.physicalCores, smt, Math.round(memoryBytes / 2 ** 30)]))
    .digest('hex')
    .slice(0, 16);
  const load = loadAverage();
  return {
    hostname: os.hostname(),
    platform: process.platform,
    arch: process.arch,
    kernel: os.release(),
    os: osName(),
    cpuModel: model,
    logicalCores,
    physicalCores: cpu.physicalCores,
    smt,
    governor,
    virtualized: cpu.hypervisor,
    memoryBytes,
    loadAverageBefore: load,
    loadAverageAfter: load,
    nodeVersion: process.version,
    sysbenchVersion,
    fingerprint,
  };
}

export function currentLoadAverage(): [number, number, number] {
  return loadAverage();
}
