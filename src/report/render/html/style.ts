// The page's style sheet, and the script that draws each chart from its spec.

/** Light and dark, system fonts only: the page loads nothing. */
export const STYLE = `
:root { color-scheme: light dark; --pass: #1a7f37; --fail: #cf222e; --warn: #9a6700; --muted: #6e7781; --within: #1f77b4; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; margin: 2rem auto; max-width: 96rem; padding: 0 1rem; line-height: 1.45; }
header.pass h1 { color: var(--pass); } header.fail h1 { color: var(--fail); } header.inconclusive h1 { color: var(--warn); }
h1 .icon { width: 1em; height: 1em; vertical-align: -0.14em; margin-right: 0.35em; }
.table-scroll { overflow-x: auto; margin: 0.5rem 0 1.5rem; }
table { border-collapse: collapse; font-size: 0.9rem; }
th, td { border: 1px solid #d0d7de; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
th.num, td.num { text-align: right; font-variant-numeric: tabular-nums; } td.num { white-space: nowrap; }
.reason { display: block; min-width: 16rem; }
.settings table { table-layout: fixed; width: 100%; }
.settings th:nth-child(1) { width: 24%; } .settings th:nth-child(2), .settings th:nth-child(3) { width: 22%; }
thead th { background: rgba(127, 127, 127, 0.12); }
code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.85em; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; background: rgba(127, 127, 127, 0.12); padding: 0.6em 0.8em; border-radius: 4px; }
pre code { font-size: 0.8em; }
.verdict.regression.gating { color: var(--fail); font-weight: bold; }
.verdict.improvement.gating { color: var(--pass); }
.verdict.within-tolerance.gating { color: var(--within); }
.verdict.inconclusive.gating { color: var(--warn); }
.follower { padding-left: 1.5rem; display: inline-block; color: var(--muted); }
figure { margin: 1rem 0 2rem; } figcaption { font-weight: bold; margin-bottom: 0.5rem; }
.chart { overflow-x: auto; background: white; }
.warnings li { color: var(--warn); }
`;

/**
 * Draws each chart from its JSON spec. A chart that fails says so in its place instead of
 * leaving a blank.
 */
export const EMBED = `
for (const element of document.querySelectorAll('script[type="application/json"][data-chart]')) {
  const id = element.dataset.chart;
  const target = document.getElementById(id);
  let spec;
  try {
    spec = JSON.parse(element.textContent);
  } catch (error) {
    target.textContent = 'This chart could not be read: ' + error.message;
    continue;
  }
  vegaEmbed('#' + id, spec, { actions: false, renderer: 'svg' }).catch((error) => {
    target.textContent = 'This chart could not be drawn: ' + error.message;
  });
}
`;
