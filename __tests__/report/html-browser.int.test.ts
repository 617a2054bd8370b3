// The HTML report in a real browser, as a reader opens the report/ artifact: Debian's chromium,
// headless, loading the page from file:// with the network off, at a laptop's 1280 px. jsdom
// (html-offline.test.ts) runs the scripts but lays nothing out and draws no glyph; here the
// charts must really be drawn, the headline must not depend on an emoji font (a machine without
// one shows a missing-glyph box), and nothing may make the page scroll sideways.
//
// The code passed to page.evaluate runs in the page, hence the DOM types.
/// <reference lib="dom" />
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { type Browser, chromium, type Page } from 'playwright-core';

import { loadEmbedScripts } from '../../src/report/assets.js';
import { chartsFor } from '../../src/report/charts.js';
import { renderHtmlReport } from '../../src/report/html.js';
import { findCommand, requireCommand } from '../helpers/requirements.js';
import { abReportInput, fixtureResults } from '../helpers/report-input.js';

const VIEWPORT = { width: 1280, height: 800 };

/** Emoji and the variation selector that turns a symbol into one: what needs an emoji font. */
const EMOJI = /[\p{Extended_Pictographic}\u{FE0F}]/u;

const describeWithChromium = requireCommand('chromium') ? describe : describe.skip;

// Throughput with scaling and time series; one with latency histograms (the latency chart); and
// one whose work per transaction changed (a chart per changed group of status counters).
describeWithChromium.each([
  ['quick-ab-performance-schema.json', 'inconclusive'],
  ['tail-latency-stall.json', 'pass'],
  ['quick-durability.json', 'fail'],
])('the HTML report of %s in headless chromium', (fixture, verdict) => {
  const input = abReportInput(fixtureResults(fixture));
  const charts = chartsFor(input);
  const titles = charts.map((chart) => {
    const title = chart.spec.title;
    return typeof title === 'string' ? title : (title as { text: string }).text;
  });

  let dir = '';
  let browser: Browser | undefined;
  let page: Page;
  /** Requests for anything but the page itself: there must be none. */
  const requests: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'html-browser-'));
    const file = path.join(dir, 'index.html');
    writeFileSync(file, renderHtmlReport(input, charts, loadEmbedScripts()));
    browser = await chromium.launch({
      executablePath: findCommand('chromium')!,
      // Playwright adds --headless, --no-sandbox (as root), a fresh profile and the switches that
      // stop chromium's own background traffic (component updates, sync, field trials). QUIC and
      // the GPU process are off too: this machine has neither a network nor a GPU.
      args: ['--disable-gpu', '--disable-quic'],
      timeout: 60_000,
    });
    // Offline, and every request but file:// aborted: a page that reached for a CDN, a web font
    // or a remote image would be recorded here and fail the test, not hang it.
    const context = await browser.newContext({ viewport: VIEWPORT, offline: true });
    await context.route(
      (url) => url.protocol !== 'file:',
      async (route) => route.abort('internetdisconnected'),
    );
    page = await context.newPage();
    page.on('request', (request) => {
      if (!request.url().startsWith('file:')) requests.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    // vega-embed draws asynchronously after load: wait until every chart holds its title. A chart
    // that never does is not an error here: the chart test then says which one it is.
    await page
      .waitForFunction(
        (expected) => {
          const drawn = [...document.querySelectorAll('.chart svg, .chart canvas')];
          return expected.every((title) => drawn.some((element) => element.textContent.includes(title)));
        },
        titles,
        { timeout: 30_000 },
      )
      .catch(() => undefined);
    await page.screenshot({ path: path.join(dir, 'report.png'), fullPage: true });
  }, 120_000);

  afterAll(async () => {
    // Closing the browser ends its processes even when a test or beforeAll failed.
    await browser?.close();
    if (dir !== '' && process.env.KEEP_HTML_BROWSER_SCREENSHOT === undefined)
      rmSync(dir, { recursive: true, force: true });
    else if (dir !== '') process.stderr.write(`screenshot kept in ${dir}/report.png\n`);
  });

  it('draws every chart, with a size and its title', async () => {
    const drawn = await page.evaluate(() =>
      [...document.querySelectorAll('.chart')].map((container) => {
        const graphic = container.querySelector('svg, canvas');
        const box = graphic?.getBoundingClientRect();
        return {
          id: container.id,
          embedded: container.classList.contains('vega-embed'),
          width: box?.width ?? 0,
          height: box?.height ?? 0,
          text: graphic?.textContent ?? '',
        };
      }),
    );
    expect(drawn).toHaveLength(charts.length);
    for (const [index, chart] of drawn.entries()) {
      expect({ id: chart.id, embedded: chart.embedded, titled: chart.text.includes(titles[index]!) }).toEqual(
        {
          id: `chart-${index}`,
          embedded: true,
          titled: true,
        },
      );
      expect(chart.width).toBeGreaterThan(100);
      expect(chart.height).toBeGreaterThan(50);
    }
  });

  it('loads nothing but the file and logs no error', () => {
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows the verdict with an inline SVG icon, not an emoji', async () => {
    const headline = await page.evaluate(() => {
      const heading = document.querySelector('header h1');
      const icon = heading?.querySelector('svg');
      const box = icon?.getBoundingClientRect();
      return {
        text: heading?.textContent ?? '',
        icon: icon === null || icon === undefined ? null : icon.getAttribute('role'),
        label: icon?.getAttribute('aria-label') ?? icon?.querySelector('title')?.textContent ?? '',
        width: box?.width ?? 0,
        height: box?.height ?? 0,
      };
    });
    expect(headline.text).toContain(`Performance: ${verdict}`);
    expect(headline.text).not.toMatch(EMOJI);
    expect(headline.icon).toBe('img');
    expect(headline.label).not.toBe('');
    expect(headline.width).toBeGreaterThan(8);
    expect(headline.height).toBeGreaterThan(8);
  });

  it('does not scroll sideways at 1280 px', async () => {
    const layout = await page.evaluate(() => {
      const limit = window.innerWidth;
      // An element may reach past the edge only inside a box that clips or scrolls it (a wide
      // table in its scroller): the page itself must not grow a horizontal scroll bar.
      const contained = (element: Element): boolean => {
        for (let parent = element.parentElement; parent !== null; parent = parent.parentElement) {
          if (parent === document.body || parent === document.documentElement) return false;
          if (getComputedStyle(parent).overflowX !== 'visible') return true;
        }
        return false;
      };
      const overflowing = new Set(
        [...document.body.querySelectorAll('*')].filter(
          (element) => element.getBoundingClientRect().right > limit + 0.5 && !contained(element),
        ),
      );
      // The outermost ones name the culprit; their descendants would only repeat it.
      const culprits = [...overflowing]
        .filter((element) => element.parentElement === null || !overflowing.has(element.parentElement))
        .map((element) => {
          const classes = element.getAttribute('class');
          const name = `${element.tagName.toLowerCase()}${element.id === '' ? '' : `#${element.id}`}`;
          const right = Math.round(element.getBoundingClientRect().right);
          return `${name}${classes === null ? '' : `.${classes.trim().replace(/\s+/g, '.')}`} (right edge ${right})`;
        });
      return { scrollWidth: document.documentElement.scrollWidth, limit, overflowing: culprits };
    });
    expect(layout.limit).toBe(VIEWPORT.width);
    expect(layout.overflowing).toEqual([]);
    expect(layout.scrollWidth).toBeLessThanOrEqual(VIEWPORT.width);
  });
});
