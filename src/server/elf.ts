// Reads the `.comment` section of an ELF file: the strings every compiler and some linkers leave
// there ("GCC: (Debian 12.2.0-14+deb12u1) 12.2.0", "Debian clang version 16.0.6"). Pure: it reads
// through a ByteSource, so a 500 MB server binary is never read whole (only its header, section
// table, section names and the section itself), and tests can hand it bytes directly.
//
// Layout from the System V ABI (ELF-64 Object File Format 1.5, and the generic ABI for ELF32):
// e_ident[4] is the class (1 = 32-bit, 2 = 64-bit), e_ident[5] the byte order (1 = little,
// 2 = big); the section header table is at e_shoff, e_shnum entries of e_shentsize bytes.

export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes at `offset` (fewer at the end of the file). */
  read(offset: number, length: number): Promise<Uint8Array>;
}

export type ElfCommentResult =
  | { readonly kind: 'comments'; readonly comments: readonly string[] }
  | { readonly kind: 'no-comment-section' }
  | { readonly kind: 'not-elf'; readonly reason: string };

/** Largest .comment we accept: real ones are a few hundred bytes. Guards against corrupt sizes. */
const MAX_COMMENT_BYTES = 1 << 20;
const MAX_SECTIONS = 1 << 16;
/** Largest section-name table we accept (real ones are a few kilobytes). */
const MAX_NAMES_BYTES = 1 << 24;
const SHN_XINDEX = 0xffff;

interface Layout {
  readonly is64: boolean;
  readonly littleEndian: boolean;
}

interface SectionHeader {
  readonly name: number;
  readonly link: number;
  readonly offset: number;
  readonly size: number;
}

export async function readElfComments(source: ByteSource): Promise<ElfCommentResult> {
  const ident = await source.read(0, 64);
  if (ident.length < 16 || ident[0] !== 0x7f || ident[1] !== 0x45 || ident[2] !== 0x4c || ident[3] !== 0x46) {
    return { kind: 'not-elf', reason: 'it does not start with the ELF magic number (7f 45 4c 46)' };
  }
  const elfClass = ident[4];
  const data = ident[5];
  if (elfClass !== 1 && elfClass !== 2) return { kind: 'not-elf', reason: `unknown ELF class ${elfClass}` };
  if (data !== 1 && data !== 2) return { kind: 'not-elf', reason: `unknown ELF byte order ${data}` };
  const layout: Layout = { is64: elfClass === 2, littleEndian: data === 1 };
  const header = view(ident);
  if (ident.length < (layout.is64 ? 64 : 52))
    return { kind: 'not-elf', reason: 'its ELF header is truncated' };

  const shoff = layout.is64 ? u64(header, 40, layout) : u32(header, 32, layout);
  const shentsize = u16(header, layout.is64 ? 58 : 46, layout);
  let shnum = u16(header, layout.is64 ? 60 : 48, layout);
  let shstrndx = u16(header, layout.is64 ? 62 : 50, layout);
  if (shoff === 0) return { kind: 'no-comment-section' };
  if (shentsize < (layout.is64 ? 64 : 40)) {
    return { kind: 'not-elf', reason: `its section header size ${shentsize} is too small` };
  }

  // More than 0xff00 sections: the real count and string-table index live in section 0.
  if (shnum === 0 || shstrndx === SHN_XINDEX) {
    const first = await readSectionHeader(source, shoff, layout);
    if (shnum === 0) shnum = first.size;
    if (shstrndx === SHN_XINDEX) shstrndx = first.link;
  }
  if (shnum > MAX_SECTIONS || shoff + shnum * shentsize > source.size) {
    return { kind: 'not-elf', reason: 'its section header table lies outside the file' };
  }
  if (shstrndx >= shnum) return { kind: 'no-comment-section' };

  const table = await source.read(shoff, shnum * shentsize);
  const sections = Array.from({ length: shnum }, (_, index) =>
    parseSectionHeader(view(table, index * shentsize), layout),
  );
  const names = sections[shstrndx];
  if (!names || names.size > MAX_NAMES_BYTES || names.offset + names.size > source.size) {
    return { kind: 'not-elf', reason: 'its section name table lies outside the file' };
  }
  const nameBytes = await source.read(names.offset, names.size);

  const comment = sections.find((section) => cString(nameBytes, section.name) === '.comment');
  if (!comment) return { kind: 'no-comment-section' };
  if (comment.size > MAX_COMMENT_BYTES || comment.offset + comment.size > source.size) {
    return { kind: 'not-elf', reason: `its .comment section (${comment.size} bytes) lies outside the file` };
  }
  return { kind: 'comments', comments: splitComments(await source.read(comment.offset, comment.size)) };
}

/** NUL-separated strings, trimmed, empty ones dropped, duplicates dropped (first one kept). */
export function splitComments(bytes: Uint8Array): string[] {
  const text = new TextDecoder('utf-8').decode(bytes);
  const unique = new Set(
    text
      .split('\0')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  );
  return [...unique];
}

async function readSectionHeader(source: ByteSource, offset: number, layout: Layout): Promise<SectionHeader> {
  const bytes = await source.read(offset, layout.is64 ? 64 : 40);
  return parseSectionHeader(view(bytes), layout);
}

function parseSectionHeader(data: DataView, layout: Layout): SectionHeader {
  return layout.is64
    ? {
        name: u32(data, 0, layout),
        offset: u64(data, 24, layout),
        size: u64(data, 32, layout),
        link: u32(data, 40, layout),
      }
    : {
        name: u32(data, 0, layout),
        offset: u32(data, 16, layout),
        size: u32(data, 20, layout),
        link: u32(data, 24, layout),
      };
}

function view(bytes: Uint8Array, offset = 0): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset + offset, bytes.byteLength - offset);
}

function u16(data: DataView, offset: number, layout: Layout): number {
  return data.getUint16(offset, layout.littleEndian);
}

function u32(data: DataView, offset: number, layout: Layout): number {
  return data.getUint32(offset, layout.littleEndian);
}

function u64(data: DataView, offset: number, layout: Layout): number {
  // Offsets beyond 2^53 cannot be in a real file; they fail the bounds checks above.
  return Number(data.getBigUint64(offset, layout.littleEndian));
}

function cString(bytes: Uint8Array, offset: number): string | undefined {
  if (offset >= bytes.length) return undefined;
  const end = bytes.indexOf(0, offset);
  return new TextDecoder('utf-8').decode(bytes.subarray(offset, end === -1 ? bytes.length : end));
}
