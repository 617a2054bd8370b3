// Turns a Vega-Lite chart spec into the SVG and PNG that reports embed: Vega-Lite compiles it, Vega's
// headless View lays it out and writes the SVG, and resvg's WebAssembly build rasterizes that SVG.
// Everything runs in-process without native packages (the action's dist/ has no node_modules) and
// without the network: charts carry their data inline. Text is drawn in the shipped DejaVu Sans
// and measured with its own advance widths, so a PNG is byte-for-byte the same on every machine.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import * as vega from 'vega';
import type { Loader, LoggerInterface, Spec as VegaSpec } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { runtimeAsset } from './assets.js';
import { CHART_FONT_FAMILY, chartFonts, chartTextWidth, isBold } from './fonts.js';

export interface RenderOptions {
  /** PNG pixels per SVG pixel; 2 (the default) keeps text sharp on high-density screens. */
  readonly scale?: number;
  /** Colour under the chart in the PNG, for charts that leave their own background transparent. */
  readonly background?: string;
}

export interface RenderedChart {
  /** The chart as Vega writes it (its width/height attributes are the chart's size in CSS px). */
  readonly svg: string;
  readonly png: Uint8Array;
  /** The PNG's size in pixels: the SVG's size times the scale. */
  readonly width: number;
  readonly height: number;
  /** What Vega-Lite and Vega warned about (an unknown field, a dropped encoding); never logged here. */
  readonly warnings: readonly string[];
}

/** The file name of resvg's WebAssembly binary beside the bundle (rollup.config.js emits it). */
export const RESVG_WASM_FILE = 'resvg.wasm';

/**
 * Where resvg's WebAssembly binary is: beside the running module in the bundle (dist/resvg.wasm),
 * else the installed package's copy (tests run from src/, where node_modules is at hand).
 */
export function resvgWasmPath(): string {
  return runtimeAsset(RESVG_WASM_FILE, () => {
    try {
      return createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm');
    } catch {
      throw new Error(
        `mysql-perf-gate: resvg's WebAssembly binary is missing: neither ${RESVG_WASM_FILE} beside the bundle nor @resvg/resvg-wasm is there`,
      );
    }
  });
}

// initWasm may run once per process; every render waits on the same initialisation.
let wasmReady: Promise<void> | undefined;

function ensureWasm(): Promise<void> {
  wasmReady ??= initWasm(readFileSync(resvgWasmPath())).catch((error: unknown) => {
    wasmReady = undefined; // let a later render try again rather than fail forever
    throw error;
  });
  return wasmReady;
}

/** The fields of a Vega text item that its width depends on. */
interface TextItem {
  readonly fontSize?: unknown;
  readonly fontWeight?: unknown;
  readonly limit?: unknown;
}

interface VegaTextMetrics {
  width: (item: TextItem, text: string | number | boolean | null | undefined) => number;
}

/**
 * Vega measures text with a canvas when the native `canvas` package is installed and otherwise
 * estimates 0.8 × font size per character, 35–60% wider than DejaVu Sans really is: labels
 * longer than ~22 characters get cut with "…" though they fit, and axes leave wide gaps. Measuring
 * with the shipped font's advance widths instead makes the layout match what resvg draws. Vega
 * keeps this hook in one module-wide object, so it applies to every View in the process; all of
 * them draw in the chart font here, so that is right for all of them.
 */
function measureWithChartFont(): void {
  const metrics = (vega as unknown as { textMetrics: VegaTextMetrics }).textMetrics;
  metrics.width = (item, text) => {
    const fontSize = item.fontSize == null ? 11 : Number(item.fontSize) || 0; // Vega's default
    const value = text == null ? '' : String(text).trim();
    if (fontSize <= 0 || value === '') return 0;
    const width = chartTextWidth(value, fontSize, isBold(item.fontWeight));
    // Vega sizes a truncated text by calling this with its whole text, and truncates by calling it
    // with prefixes until one fits: capping at the limit serves both (a text at the cap is cut).
    const limit = Number(item.limit);
    return limit > 0 ? Math.min(width, limit) : width;
  };
}

/** Charts carry their data inline: any load (data URL, image href) is refused, not fetched. */
const NO_LOADS: Loader = {
  load: (uri) => Promise.reject(new Error(`chart specs must carry their data inline, not load ${uri}`)),
  sanitize: (uri) => Promise.reject(new Error(`chart specs must not link to ${uri}`)),
  http: (uri) => Promise.reject(new Error(`chart specs must not fetch ${uri}`)),
  file: (filename) => Promise.reject(new Error(`chart specs must not read ${filename}`)),
};

/** A Vega logger that keeps warnings and errors for the caller instead of printing them. */
function collectingLogger(warnings: string[], errors: string[]): LoggerInterface {
  const text = (args: unknown[]): string =>
    args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ');
  const logger: LoggerInterface = {
    level(level?: number) {
      return level === undefined ? 2 /* vega.Warn */ : logger;
    },
    error(...args: unknown[]) {
      errors.push(text(args));
      return logger;
    },
    warn(...args: unknown[]) {
      warnings.push(text(args));
      return logger;
    },
    info() {
      return logger;
    },
    debug() {
      return logger;
    },
  };
  return logger;
}

function vegaSpec(spec: TopLevelSpec, logger: LoggerInterface): VegaSpec {
  const compiled = compile(spec, { logger }).spec;
  const loaded = (compiled.data ?? []).flatMap((data) =>
    'url' in data ? [typeof data.url === 'string' ? data.url : JSON.stringify(data.url)] : [],
  );
  if (loaded.length > 0) {
    throw new Error(`mysql-perf-gate: chart data must be inline, but the spec loads ${loaded.join(', ')}`);
  }
  return compiled;
}

let measuring = false;

/** Renders a Vega-Lite spec to an SVG and a PNG (at 2× by default, on white). */
export async function renderChart(spec: TopLevelSpec, options: RenderOptions = {}): Promise<RenderedChart> {
  const scale = options.scale ?? 2;
  if (!(scale > 0)) throw new Error(`mysql-perf-gate: chart scale must be positive, not ${scale}`);
  if (!measuring) {
    measureWithChartFont();
    measuring = true;
  }

  const warnings: string[] = [];
  const errors: string[] = [];
  const logger = collectingLogger(warnings, errors);
  const view = new vega.View(vega.parse(vegaSpec(spec, logger)), {
    renderer: 'none',
    loader: NO_LOADS,
    logger,
  });
  let svg: string;
  try {
    svg = await view.toSVG();
  } finally {
    view.finalize();
  }
  if (errors.length > 0) throw new Error(`mysql-perf-gate: the chart did not render: ${errors.join('; ')}`);

  await ensureWasm();
  const fonts = chartFonts();
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    background: options.background ?? 'white',
    font: {
      fontBuffers: [fonts.regular, fonts.bold],
      loadSystemFonts: false,
      // A family the spec names that is not shipped falls back to a generic family; all of them are
      // the chart font, so such text is drawn in DejaVu Sans rather than left out.
      defaultFontFamily: CHART_FONT_FAMILY,
      serifFamily: CHART_FONT_FAMILY,
      sansSerifFamily: CHART_FONT_FAMILY,
      monospaceFamily: CHART_FONT_FAMILY,
      cursiveFamily: CHART_FONT_FAMILY,
      fantasyFamily: CHART_FONT_FAMILY,
    },
  });
  try {
    const image = resvg.render();
    try {
      return { svg, png: image.asPng(), width: image.width, height: image.height, warnings };
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
