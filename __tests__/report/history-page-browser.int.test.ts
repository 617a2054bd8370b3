// The history page in a real browser, as a reader opens it from GitHub Pages or a local file:
// Debian's chromium, headless, from file:// with the network off. The charts must be drawn (a
// symbol per run in every panel, the change points as rules), the runs linked, and clicking a
// point must go to that point's run.
//
// The code passed to page.evaluate runs in the page, hence the DOM types.
/// <reference lib="dom" />
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { type Browser, chromium, type Page } from 'playwright-core';

import { allChanges } from '../../src/report/history-report.js';
import { historyPageCharts } from '../../src/report/history-page.js';
import { writeHistoryPage } from '../../src/report/write-report.js';
import { findCommand, requireCommand } from '../helpers/requirements.js';
import { NIGHTS, pageInput, runUrlOf } from './history-pages.js';

const runUrls = Array.from({ length: NIGHTS }, (_, n) => runUrlOf(n));

const describeWithChromium = requireCommand('chromium') ? describe : describe.skip;

describeWithChromium('the history page in headless chromium', () => {
  const input = pageInput();
  const charts = historyPageCharts(input.analyses);
  const changes = allChanges(input.analyses);
  let dir = '';
  let browser: Browser | undefined;
  let page: Page;
  const requests: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'history-page-'));
    const { path: file } = writeHistoryPage(dir, input);
    browser = await chromium.launch({
      executablePath: findCommand('chromium')!,
      args: ['--disable-gpu', '--disable-quic'],
      timeout: 60_000,
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, offline: true });
    await context.route(
      (url) => url.protocol !== 'file:',
      async (route) => route.abort('internetdisconnected'),
    );
    page = await context.newPage();
    page.on('request', (request) => {
      if (!request.url().startsWith('file:')) requests.push(request.url());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    await page
      .waitForFunction((count) => document.querySelectorAll('.chart svg').length === count, charts.length, {
        timeout: 30_000,
      })
      .catch(() => undefined);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  it('draws every metric, a symbol per run in every panel and a rule per change point', async () => {
    const drawn = await page.evaluate(() =>
      [...document.querySelectorAll('.chart')].map((chart) => ({
        svg: chart.querySelector('svg') !== null,
        symbols: chart.querySelectorAll('g.mark-symbol.role-mark path').length,
        rules: chart.querySelectorAll('g.mark-rule.role-mark line').length,
        text: chart.querySelector('svg')?.textContent ?? '',
      })),
    );
    expect(drawn).toHaveLength(charts.length);
    for (const chart of drawn) {
      expect(chart.svg).toBe(true);
      expect(chart.symbols).toBe(input.file.cells.length * NIGHTS);
      expect(chart.text).toContain('oltp_point_select @ 1');
    }
    const rules = drawn.reduce((sum, chart) => sum + chart.rules, 0);
    expect(changes.length).toBeGreaterThan(0);
    expect(rules).toBe(changes.length);
    expect(errors).toEqual([]);
    // Nothing was fetched to draw them.
    expect(requests).toEqual([]);
  });

  it('links every run in the runs table, and the change points to the runs around them', async () => {
    const links = await page.evaluate(() =>
      [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')),
    );
    for (let n = 0; n < NIGHTS; n += 1) expect(links).toContain(runUrlOf(n));
    const newest = changes.reduce((a, b) => (b.index > a.index ? b : a));
    expect(links).toContain(newest.firstAfter.run);
  });

  it('opens the run of a point clicked', async () => {
    const symbol = page.locator('#chart-0 g.mark-symbol.role-mark path').first();
    await symbol.scrollIntoViewIfNeeded();
    const box = await symbol.boundingBox();
    expect(box).not.toBeNull();

    // Vega opens a link in a new window: the request is the context's, from the page it opens.
    const run = page.context().waitForEvent('request', {
      predicate: (request) => request.url().startsWith('https://github.com/'),
      timeout: 10_000,
    });
    await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
    expect(runUrls).toContain((await run).url());
  });
});
