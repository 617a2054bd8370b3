// The fonts chart images are drawn with, and the text widths Vega lays charts out with. Every chart
// is drawn in DejaVu Sans (regular and bold), shipped in assets/fonts/ so that a chart renders the
// same on every machine; the widths come from the same font files, so the room Vega leaves for a
// label is the room the label takes when resvg draws it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../shell/package-root.js';

/** The one family charts are drawn in; every other family a spec names is drawn in it too. */
export const CHART_FONT_FAMILY = 'DejaVu Sans';

const FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

export interface ChartFonts {
  readonly regular: Uint8Array;
  readonly bold: Uint8Array;
}

let cachedFonts: ChartFonts | undefined;

/** assets/fonts/ at the package root: beside dist/ in the action, beside src/ in tests. */
export function fontsDir(): string {
  return join(packageRoot(), 'assets', 'fonts');
}

/** The shipped font files' bytes, read once per process. */
export function chartFonts(): ChartFonts {
  cachedFonts ??= {
    regular: new Uint8Array(readFileSync(join(fontsDir(), FONT_FILES.regular))),
    bold: new Uint8Array(readFileSync(join(fontsDir(), FONT_FILES.bold))),
  };
  return cachedFonts;
}

/**
 * Horizontal advance widths read from a TrueType font's cmap, hhea and hmtx tables. Kerning is
 * left out: resvg applies DejaVu's kerning pairs (such as "Te"), which move a glyph by a few
 * hundredths of an em, so a drawn text can be a pixel or two off the measured width.
 */
export class FontMetrics {
  private readonly unitsPerEm: number;
  private readonly advances: Uint16Array;
  private readonly glyphOf: (codePoint: number) => number;
  private readonly cache = new Map<number, number>();

  constructor(font: Uint8Array) {
    const data = new DataView(font.buffer, font.byteOffset, font.byteLength);
    const tables = readTableDirectory(data);
    const table = (tag: string): number => {
      const offset = tables.get(tag);
      if (offset === undefined) throw new Error(`font has no '${tag}' table`);
      return offset;
    };
    this.unitsPerEm = data.getUint16(table('head') + 18);
    const numberOfHMetrics = data.getUint16(table('hhea') + 34);
    const hmtx = table('hmtx');
    this.advances = new Uint16Array(numberOfHMetrics);
    for (let i = 0; i < numberOfHMetrics; i++) this.advances[i] = data.getUint16(hmtx + i * 4);
    this.glyphOf = readCmap(data, table('cmap'));
  }

  /** The advance of one code point, in em. Glyphs past the hmtx's long metrics share its last. */
  private advance(codePoint: number): number {
    let em = this.cache.get(codePoint);
    if (em === undefined) {
      const glyph = this.glyphOf(codePoint); // 0 (.notdef) for a character the font lacks
      const units = this.advances[Math.min(glyph, this.advances.length - 1)] ?? 0;
      em = units / this.unitsPerEm;
      this.cache.set(codePoint, em);
    }
    return em;
  }

  /** The width of `text` set at `fontSize` px. */
  width(text: string, fontSize: number): number {
    let em = 0;
    for (const char of text) em += this.advance(char.codePointAt(0) ?? 0);
    return em * fontSize;
  }
}

function readTableDirectory(data: DataView): Map<string, number> {
  const numTables = data.getUint16(4);
  const tables = new Map<string, number>();
  for (let i = 0; i < numTables; i++) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(
      data.getUint8(record),
      data.getUint8(record + 1),
      data.getUint8(record + 2),
      data.getUint8(record + 3),
    );
    tables.set(tag, data.getUint32(record + 8));
  }
  return tables;
}

/**
 * A code point → glyph lookup from the cmap's Unicode subtable: format 12 (all planes) when the
 * font has one, else format 4 (the Basic Multilingual Plane).
 */
function readCmap(data: DataView, cmap: number): (codePoint: number) => number {
  const count = data.getUint16(cmap + 2);
  let format4: number | undefined;
  let format12: number | undefined;
  for (let i = 0; i < count; i++) {
    const record = cmap + 4 + i * 8;
    const platform = data.getUint16(record);
    const encoding = data.getUint16(record + 2);
    const subtable = cmap + data.getUint32(record + 4);
    const format = data.getUint16(subtable);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 12) format12 ??= subtable;
    else if (format === 4) format4 ??= subtable;
  }
  if (format12 !== undefined) return cmapFormat12(data, format12);
  if (format4 !== undefined) return cmapFormat4(data, format4);
  throw new Error('font has no Unicode cmap subtable (format 4 or 12)');
}

function cmapFormat4(data: DataView, subtable: number): (codePoint: number) => number {
  const segments = data.getUint16(subtable + 6) / 2;
  const endCodes = subtable + 14;
  const startCodes = endCodes + segments * 2 + 2; // past the reservedPad
  const idDeltas = startCodes + segments * 2;
  const idRangeOffsets = idDeltas + segments * 2;
  return (codePoint) => {
    if (codePoint > 0xffff) return 0;
    for (let s = 0; s < segments; s++) {
      if (codePoint > data.getUint16(endCodes + s * 2)) continue;
      const start = data.getUint16(startCodes + s * 2);
      if (codePoint < start) return 0;
      const delta = data.getInt16(idDeltas + s * 2);
      const rangeOffsetAt = idRangeOffsets + s * 2;
      const rangeOffset = data.getUint16(rangeOffsetAt);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = data.getUint16(rangeOffsetAt + rangeOffset + (codePoint - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

function cmapFormat12(data: DataView, subtable: number): (codePoint: number) => number {
  const groups = data.getUint32(subtable + 12);
  return (codePoint) => {
    // Groups are sorted by start code: binary search for the one that may hold codePoint.
    let lo = 0;
    let hi = groups - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const group = subtable + 16 + mid * 12;
      const start = data.getUint32(group);
      const end = data.getUint32(group + 4);
      if (codePoint < start) hi = mid - 1;
      else if (codePoint > end) lo = mid + 1;
      else return data.getUint32(group + 8) + (codePoint - start);
    }
    return 0;
  };
}

let cachedMetrics: { regular: FontMetrics; bold: FontMetrics } | undefined;

function chartFontMetrics(): { regular: FontMetrics; bold: FontMetrics } {
  if (cachedMetrics === undefined) {
    const fonts = chartFonts();
    cachedMetrics = { regular: new FontMetrics(fonts.regular), bold: new FontMetrics(fonts.bold) };
  }
  return cachedMetrics;
}

/**
 * Whether resvg picks the bold face for a CSS font-weight. With only a 400 and a 700 face, CSS
 * font matching picks 700 for any weight above 500 (and for the keywords bold and bolder).
 */
export function isBold(fontWeight: unknown): boolean {
  if (fontWeight === 'bold' || fontWeight === 'bolder') return true;
  const numeric = typeof fontWeight === 'number' ? fontWeight : Number(fontWeight);
  return Number.isFinite(numeric) && numeric > 500;
}

/** The width in px of `text` drawn in the chart font at `fontSize` px. */
export function chartTextWidth(text: string, fontSize: number, bold: boolean): number {
  const metrics = chartFontMetrics();
  return (bold ? metrics.bold : metrics.regular).width(text, fontSize);
}
