// The chart renderer end to end in-process: a real Vega-Lite spec through Vega and resvg's wasm to
// a PNG that is checked pixel by pixel (text is really drawn, in the shipped font, the same every
// time), plus the font metrics Vega lays text out with.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import type { TopLevelSpec } from 'vega-lite';

import { chartTextWidth, FontMetrics, fontsDir, isBold } from '../../src/report/fonts.js';
import { renderChart, resvgWasmPath } from '../../src/report/rasterize.js';

const ROOT = join(import.meta.dirname, '../..');

interface Options {
  readonly title?: string | null;
  readonly font?: string;
  readonly labels?: readonly string[];
}

/** A small bar chart like the report's: a title, axis titles, a few bars. */
function barChart({
  title = 'Throughput by workload',
  font = 'DejaVu Sans',
  labels,
}: Options = {}): TopLevelSpec {
  const names = labels ?? ['oltp_read_only', 'oltp_write_only', 'oltp_point_select'];
  return {
    ...(title === null ? {} : { title }),
    config: { font },
    width: 300,
    height: 160,
    data: { values: names.map((workload, i) => ({ workload, tps: 1000 * (i + 1) })) },
    mark: 'bar',
    encoding: {
      y: { field: 'workload', type: 'nominal', title: 'Workload', sort: null },
      x: { field: 'tps', type: 'quantitative', title: 'Transactions per second' },
    },
  };
}

/** Only a text mark, no axes or frame: the only ink in the PNG is that text. */
function textOnly(text: string, font = 'DejaVu Sans'): TopLevelSpec {
  return {
    config: { font, view: { stroke: null } },
    data: { values: [{}] },
    mark: { type: 'text', text, fontSize: 20, align: 'left', baseline: 'middle' },
    encoding: { x: { value: 0 }, y: { value: 0 } },
  };
}

function decode(png: Uint8Array): PNG {
  return PNG.sync.read(Buffer.from(png));
}

/** Pixels in rows [top, bottom) whose every channel is below `below` (text is black, bars are not). */
function darkPixels(image: PNG, { top = 0, bottom = image.height, below = 90 } = {}): number {
  let count = 0;
  for (let y = top; y < bottom; y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 4;
      if (image.data[i]! < below && image.data[i + 1]! < below && image.data[i + 2]! < below) count++;
    }
  }
  return count;
}

function nonWhitePixels(image: PNG): number {
  let count = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    if (image.data[i]! < 250 || image.data[i + 1]! < 250 || image.data[i + 2]! < 250) count++;
  }
  return count;
}

/** The leftmost and rightmost columns holding a pixel darker than `below`. */
function inkColumns(image: PNG, below = 160): { left: number; right: number } {
  let left = image.width;
  let right = -1;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 4;
      if (image.data[i]! < below) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
  }
  return { left, right };
}

function svgSize(svg: string): { width: number; height: number } {
  const match = /^<svg[^>]* width="(\d+(?:\.\d+)?)" height="(\d+(?:\.\d+)?)"/.exec(svg);
  if (match === null) throw new Error(`no width/height on the SVG: ${svg.slice(0, 200)}`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

/** The text of every <text> element of an SVG. */
function svgTexts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]!);
}

describe('renderChart', () => {
  test('writes an SVG with the title, both axis titles and the marks, in the chart font', async () => {
    const { svg, warnings } = await renderChart(barChart());
    const texts = svgTexts(svg);
    expect(texts).toEqual(
      expect.arrayContaining(['Throughput by workload', 'Workload', 'Transactions per second']),
    );
    expect(texts).toEqual(expect.arrayContaining(['oltp_read_only', 'oltp_point_select']));
    expect(svg).toContain('<path');
    expect(svg).toContain('<rect');
    expect(svg).toContain('font-family="DejaVu Sans"');
    expect(warnings).toEqual([]);
  });

  test('rasterizes at twice the SVG size by default and at the scale asked for', async () => {
    const { svg, png, width, height } = await renderChart(barChart());
    const size = svgSize(svg);
    const image = decode(png);
    expect(image.width).toBe(size.width * 2);
    expect(image.height).toBe(size.height * 2);
    expect({ width, height }).toEqual({ width: image.width, height: image.height });

    const once = decode((await renderChart(barChart(), { scale: 1 })).png);
    expect({ width: once.width, height: once.height }).toEqual(size);
  });

  test('draws the bars and the text: the PNG is far from blank and its bars are the bar colour', async () => {
    const image = decode((await renderChart(barChart())).png);
    expect(nonWhitePixels(image)).toBeGreaterThan(20_000);
    let barBlue = 0; // Vega-Lite's default bar colour, #4c78a8
    for (let i = 0; i < image.data.length; i += 4) {
      const [r, g, b] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
      if (Math.abs(r - 0x4c) < 4 && Math.abs(g - 0x78) < 4 && Math.abs(b - 0xa8) < 4) barBlue++;
    }
    expect(barBlue).toBeGreaterThan(10_000);
    expect(darkPixels(image)).toBeGreaterThan(2_000);
  });

  test('draws the title in the rows above the plot that the title adds', async () => {
    const titled = decode((await renderChart(barChart())).png);
    const untitled = decode((await renderChart(barChart({ title: null }))).png);
    expect(titled.width).toBe(untitled.width);
    const titleRows = titled.height - untitled.height; // the title (13 px) and its offset, at 2×
    expect(titleRows).toBeGreaterThanOrEqual(30);
    // The title's bold glyphs are thousands of black pixels in those rows; the same rows of the
    // untitled chart (padding, then the plot's top, where the first bar's label is lower) have none.
    expect(darkPixels(titled, { bottom: titleRows })).toBeGreaterThan(1_000);
    expect(darkPixels(untitled, { bottom: titleRows })).toBe(0);
  });

  test('draws a text whose only ink is the text, as wide as the font metrics say', async () => {
    const text = 'oltp_read_write @ 16 (tps)';
    const image = decode((await renderChart(textOnly(text))).png);
    expect(darkPixels(image)).toBeGreaterThan(500);
    const { left, right } = inkColumns(image);
    const drawn = (right - left + 1) / 2; // in CSS px
    const measured = chartTextWidth(text, 20, false);
    // Side bearings and kerning make the ink a little narrower than the advances add up to.
    expect(drawn).toBeLessThanOrEqual(measured + 1);
    expect(drawn).toBeGreaterThan(measured * 0.96);
  });

  test('renders the same spec to byte-identical PNGs', async () => {
    const first = await renderChart(barChart());
    const second = await renderChart(barChart());
    expect(second.svg).toBe(first.svg);
    expect(Buffer.from(second.png).equals(Buffer.from(first.png))).toBe(true);
  });

  test.each(['Helvetica Neue', 'Arial, sans-serif', 'monospace', 'serif'])(
    'draws text whose family (%s) is not shipped in DejaVu Sans, as the same PNG',
    async (font) => {
      const dejavu = await renderChart(textOnly('Throughput 1,234 tps'));
      const other = await renderChart(textOnly('Throughput 1,234 tps', font));
      // The SVG keeps the family the spec asked for; resvg falls back to the shipped font.
      expect(other.svg).toContain(`font-family="${font}"`);
      expect(darkPixels(decode(other.png))).toBeGreaterThan(500);
      expect(Buffer.from(other.png).equals(Buffer.from(dejavu.png))).toBe(true);
    },
  );

  test('lays out labels with the real font widths: a 26-character label fits, a long one is cut', async () => {
    // Vega's estimate without a canvas (0.8 × font size per character) would make this 208 px and
    // cut it at the 180 px label limit; in DejaVu Sans at 10 px it is 133 px.
    const fits = 'oltp_read_write @ 16 (tps)';
    const long = 'oltp_read_write_with_a_very_long_workload_name @ 256 (p95 latency ms)';
    const { svg } = await renderChart(barChart({ labels: [fits, long] }));
    const texts = svgTexts(svg);
    expect(texts).toContain(fits);
    const cut = texts.find((text) => text.startsWith('oltp_read_write_with') && text.endsWith('…'));
    expect(cut).toBeDefined();
    expect(chartTextWidth(cut!, 10, false)).toBeLessThanOrEqual(180);
    expect(chartTextWidth(cut!, 10, false)).toBeGreaterThan(160);
  });

  test('refuses a spec that loads its data instead of carrying it inline', async () => {
    const spec: TopLevelSpec = {
      data: { url: 'https://example.invalid/data.json' },
      mark: 'bar',
      encoding: { x: { field: 'a', type: 'quantitative' } },
    };
    await expect(renderChart(spec)).rejects.toThrow(/inline.*example\.invalid/);
  });

  test('returns what Vega-Lite warns about instead of printing it', async () => {
    const { warnings } = await renderChart({
      data: { values: [{ a: 1 }] },
      mark: 'bar',
      encoding: { x: { field: 'a', type: 'quantitative', aggregate: 'nonsense' } },
    } as unknown as TopLevelSpec);
    expect(warnings.join('\n')).toMatch(/nonsense/);
  });

  test('finds the wasm binary in the installed package when running from src', () => {
    expect(resvgWasmPath()).toBe(join(ROOT, 'node_modules/@resvg/resvg-wasm/index_bg.wasm'));
  });
});

describe('fonts', () => {
  test('are the DejaVu Sans files shipped in assets/fonts with their licence', () => {
    expect(fontsDir()).toBe(join(ROOT, 'assets/fonts'));
    for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'LICENSE']) {
      const shipped = readFileSync(join(ROOT, 'assets/fonts', file));
      const installed = readFileSync(
        join(ROOT, 'node_modules/dejavu-fonts-ttf', file === 'LICENSE' ? '' : 'ttf', file),
      );
      expect(shipped.equals(installed)).toBe(true);
    }
  });

  test('measure advances from the font: DejaVu Sans digits are 1303/2048 em, bold is wider', () => {
    const regular = new FontMetrics(new Uint8Array(readFileSync(join(ROOT, 'assets/fonts/DejaVuSans.ttf'))));
    // Tabular digits share one advance: 1303 units of DejaVu Sans's 2048 per em.
    expect(regular.width('0123456789', 2048)).toBeCloseTo(10 * 1303, 6);
    expect(regular.width('', 10)).toBe(0);
    expect(chartTextWidth('Workload', 11, true)).toBeGreaterThan(chartTextWidth('Workload', 11, false));
    // A character the font lacks takes the width of its .notdef glyph, not zero.
    expect(regular.width('\u{1F600}', 10)).toBeGreaterThan(0);
  });

  test('pick the bold face as CSS font matching does with a 400 and a 700 face', () => {
    expect([isBold('bold'), isBold('bolder'), isBold(600), isBold('700')]).toEqual([true, true, true, true]);
    expect([isBold('normal'), isBold(500), isBold(undefined), isBold('lighter')]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
