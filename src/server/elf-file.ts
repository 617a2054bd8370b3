// The I/O half of compiler detection: a ByteSource over a file handle, so only the few parts of a
// large binary that the ELF reader asks for are read.
import { open } from 'node:fs/promises';

import { ServerError } from '../errors.js';
import type { CompilerInfo } from '../results/results-schema.js';
import { compilerFromComments } from './binary-compiler.js';
import { readElfComments, type ByteSource } from './elf.js';

export async function readCompiler(binary: string): Promise<CompilerInfo> {
  let handle;
  try {
    handle = await open(binary, 'r');
  } catch (error) {
    throw new ServerError(`cannot read ${binary} to find its compiler: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    const { size } = await handle.stat();
    const source: ByteSource = {
      size,
      read: async (offset, length) => {
        const buffer = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
        return buffer.subarray(0, bytesRead);
      },
    };
    return compilerFromComments(binary, await readElfComments(source));
  } finally {
    await handle.close();
  }
}
