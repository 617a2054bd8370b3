// What of /sys the sandbox (shell/sandbox.ts) shows: what a server, valgrind and a build were seen
// reading there (strace -f of bwrap: mariadbd's bootstrap, start, a sysbench run and shutdown,
// under callgrind too; CMake's configure, ninja and gcc), so that a sandboxed server sizes and
// tunes itself as the same server run trusted does, and nothing else: no network devices, no
// cgroup tree, no other devices, firmware, modules or kernel settings.
import { readdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';

/**
 * - the CPUs: which are online and possible (glibc's processor count, which sizes the server's
 *   thread pools and ninja's jobs), their caches (the line size MySQL aligns to);
 * - the NUMA nodes and their memory (mariadbd reads node<N>/meminfo);
 * - huge pages (the server's `large_pages` lists /sys/kernel/mm/hugepages) and transparent huge
 *   pages (glibc's malloc with its hugetlb tunable, which GLIBC_TUNABLES passes in).
 * Seen read and left out: the cgroup tree (ninja's CPU quota, MariaDB's memory-pressure watch,
 * which needs it writable and so never worked in the sandbox; MySQL's memory limit), so that
 * these see the machine as the trusted side's do.
 */
const SYS_DIRS = [
  '/sys/devices/system/cpu',
  '/sys/devices/system/node',
  '/sys/kernel/mm/hugepages',
  '/sys/kernel/mm/transparent_hugepage',
];

/** Where the block devices' links are: /sys/block/<name>, /sys/dev/block/<major>:<minor>. */
const BLOCK_LINKS = ['/sys/block', '/sys/dev/block'];

/**
 * The block devices' own directories (where /sys/block's links point). InnoDB reads there whether
 * the device under its files rotates (which decides neighbour flushing) and its physical block
 * size (whether the redo log may bypass the page cache): hidden, a sandboxed server would flush
 * and log otherwise than the trusted one it is compared with.
 */
function blockDeviceDirs(): string[] {
  try {
    return readdirSync('/sys/block').flatMap((name) => {
      try {
        return [realpathSync(join('/sys/block', name))];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

/** bwrap's options that show those parts of /sys, read-only; a part this machine lacks is left out. */
export function sysBinds(blockDevices: () => readonly string[] = blockDeviceDirs): string[] {
  return [...SYS_DIRS, ...BLOCK_LINKS, ...blockDevices()].flatMap((path) => ['--ro-bind-try', path, path]);
}
