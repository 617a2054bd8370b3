// The HTML report opened as a browser would, with the network off: jsdom runs the inlined vega,
// vega-lite and vega-embed (it loads no external resource unless told to), and every chart must
// become an SVG carrying its title.
import { JSDOM, VirtualConsole } from 'jsdom';

import { loadEmbedScripts } from '../../src/report/assets.js';
import { renderHtmlReport } from '../../src/report/html.js';
import { chartsFor } from '../../src/report/charts.js';
import { abReportInput, fixtureResults } from '../helpers/report-input.js';

/** jsdom has no canvas: vega then estimates text widths, which is all this test needs. */
const HARMLESS = /HTMLCanvasElement's getContext\(\) method/;

async function open(html: string): Promise<{ dom: JSDOM; errors: string[] }> {
  const errors: string[] = [];
  const console = new VirtualConsole();
  console.on('jsdomError', (error) => {
    if (!HARMLESS.test(error.message)) errors.push(error.message);
  });
  const dom = new JSDOM(html, {
    runScripts: 'dangerously',
    virtualConsole: console,
    pretendToBeVisual: true,
    beforeParse(window) {
      // vega-embed clones specs with structuredClone, which jsdom's window lacks.
      Object.assign(window, { structuredClone });
    },
  });
  return Promise.resolve({ dom, errors });
}

test('renders every chart of the throughput report offline, with its title', async () => {
  const input = abReportInput(fixtureResults('quick-ab-performance-schema.json'));
  const charts = chartsFor(input);
  const { dom, errors } = await open(renderHtmlReport(input, charts, loadEmbedScripts()));
  const document = dom.window.document;
  const titles = charts.map((chart) => {
    const title = chart.spec.title;
    return typeof title === 'string' ? title : (title as { text: string }).text;
  });
  const drawnText = (): string[] =>
    [...document.querySelectorAll('.chart svg')].map((svg) => svg.textContent);
  // vega-embed adds each <svg> first and draws into it asynchronously: wait for every title.
  const deadline = Date.now() + 20_000;
  while (
    !titles.every((title) => drawnText().some((text) => text.includes(title))) &&
    Date.now() < deadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(errors).toEqual([]);
  expect(document.querySelectorAll('.chart svg')).toHaveLength(charts.length);
  const texts = drawnText();
  for (const [index, chart] of charts.entries()) {
    const text = titles[index] ?? '';
    expect({ chart: chart.name, drawn: texts.some((svgText) => svgText.includes(text)) }).toEqual({
      chart: chart.name,
      drawn: true,
    });
  }
  dom.window.close();
}, 60_000);
