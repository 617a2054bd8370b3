// The webhook sink against a real HTTP listener on 127.0.0.1: the POST it sends (JSON, the
// headline as text, the verdict in props), a hostile workload name arriving escaped, a refusal or
// silence as a warning naming the host and the status (never the secret address), and addresses
// refused before anything is sent.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import os from 'node:os';
import { join } from 'node:path';

import { jest } from '@jest/globals';

import { main } from '../../src/cli/program.js';
import { InputError } from '../../src/errors.js';
import type { Results } from '../../src/results/results-schema.js';
import { writeReport } from '../../src/report/write-report.js';
import { deliverVerdict } from '../../src/sinks/deliver.js';
import { sinksFor } from '../../src/sinks/registry.js';
import type { Delivery } from '../../src/sinks/sink.js';
import { escapeSlack, webhookSink, webhookText, type WebhookTarget } from '../../src/sinks/webhook.js';
import { abReportInput, fixtureResults } from '../helpers/report-input.js';
import { recordingLogger } from '../helpers/recording-logger.js';

/** A name a pull request could give a workload: a Slack mention, a link, an HTML tag, a backtick. */
const HOSTILE = 'oltp_<!channel>&<https://evil.example|click>`<b>';
const SECRET_PATH = '/hooks/T000/B000/very-secret-key';

interface Received {
  readonly method: string | undefined;
  readonly contentType: string | undefined;
  readonly body: string;
}

let dir: string;
let delivery: Delivery;
let server: Server;
let port: number;
let received: Received[];
let answer: { status: number; stall?: boolean };
let logged: string[];

const logger = recordingLogger(() => logged);

/** The instructions run with performance_schema on at the head (regressions), a workload renamed. */
function hostileResults(): Results {
  const results = fixtureResults('instructions-performance-schema.json');
  const renamed = results.suite.workloads[0]?.name ?? '';
  const rename = (name: string): string => (name === renamed ? HOSTILE : name);
  return {
    ...results,
    suite: {
      ...results.suite,
      workloads: results.suite.workloads.map((workload) => ({ ...workload, name: rename(workload.name) })),
    },
    cells: results.cells.map((cell) => ({ ...cell, workload: rename(cell.workload) })),
  };
}

function body(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      resolve(text);
    });
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(os.tmpdir(), 'gate-webhook-'));
  const input = abReportInput(hostileResults());
  delivery = {
    verdict: input.verdict,
    verdictPath: join(dir, 'verdict.json'),
    report: await writeReport(dir, input),
    suite: input.suite.name,
    stages: [],
    context: {
      repository: 'octo-org/server',
      runUrl: 'https://github.com/octo-org/server/actions/runs/7',
      pullRequest: 12,
    },
  };
  server = createServer((request, response) => {
    void body(request).then((text) => {
      received.push({ method: request.method, contentType: request.headers['content-type'], body: text });
      if (answer.stall === true) return;
      response
        .writeHead(answer.status, { 'content-type': 'text/plain' })
        .end(answer.status === 200 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
}, 120_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  received = [];
  answer = { status: 200 };
  logged = [];
});

function target(overrides: Partial<WebhookTarget> = {}): WebhookTarget {
  return { url: `http://127.0.0.1:${port}${SECRET_PATH}`, label: '--post-webhook', ...overrides };
}

/** Nothing logged names more of the address than its host. */
function expectNoSecret(): void {
  for (const line of logged) expect(line).not.toContain('very-secret-key');
}

describe('the webhook sink', () => {
  it('posts JSON with the headline as text and the verdict in props', async () => {
    const receipts = await deliverVerdict(delivery, sinksFor({ webhook: target() }), logger);
    expect(receipts).toEqual([{ sink: 'webhook' }]);
    expect(received).toHaveLength(1);
    const [post] = received;
    expect(post?.method).toBe('POST');
    expect(post?.contentType).toBe('application/json');
    const payload = JSON.parse(post?.body ?? '{}') as {
      text: string;
      props: {
        'mysql-perf-gate': {
          verdict: string;
          suite: string;
          counts: { regression: number };
          regressions: { workload: string }[];
        };
      };
    };
    const sent = payload.props['mysql-perf-gate'];
    expect(sent.verdict).toBe('fail');
    expect(sent.suite).toBe('instructions');
    expect(sent.counts).toEqual(delivery.verdict.counts);
    expect(sent.regressions.length).toBe(Math.min(delivery.verdict.counts.regression, 10));
    const [headline, top, where] = payload.text.split('\n');
    expect(headline).toBe(
      `mysql-perf-gate: FAIL on suite \`instructions\`: ${delivery.verdict.counts.regression} regressions, ` +
        `${delivery.verdict.counts.improvement} improvements, ${delivery.verdict.counts.withinTolerance} within tolerance, ` +
        `${delivery.verdict.counts.unchanged} unchanged, ${delivery.verdict.counts.inconclusive} inconclusive.`,
    );
    expect(top).toMatch(
      /^Top regression: `[^`]+` at \d+ threads?, instructions \+\d+\.\d% \(tolerance [\d.]+%\)\.$/,
    );
    expect(where).toBe('pull request #12: https://github.com/octo-org/server/actions/runs/7');
    expect(logged).toEqual([`info: verdict posted to the webhook at 127.0.0.1:${port}`]);
  });

  it('sends a hostile workload name escaped: no Slack control character, no backtick breaking out', async () => {
    const regressions = delivery.verdict.cells.filter(
      (cell) => cell.verdict === 'regression' && cell.workload === HOSTILE,
    );
    expect(regressions.length).toBeGreaterThan(0);
    // Every regression quoted: the hostile one whatever its rank.
    const text = webhookText({
      ...delivery,
      verdict: { ...delivery.verdict, cells: regressions },
    });
    await deliverVerdict(
      { ...delivery, verdict: { ...delivery.verdict, cells: regressions } },
      [webhookSink(target())],
      logger,
    );
    const sent = (JSON.parse(received[0]?.body ?? '{}') as { text: string }).text;
    expect(sent).toBe(text);
    expect(sent).toContain("`oltp_&lt;!channel&gt;&amp;&lt;https://evil.example|click&gt;'&lt;b&gt;`");
    // Of Slack's control characters only the escapes remain, and the name stays in one code span.
    expect(sent.replace(/&(amp|lt|gt);/g, '')).not.toMatch(/[<>&]/);
    expect(sent).not.toContain('<!channel>');
    expect(escapeSlack('a & <b> c')).toBe('a &amp; &lt;b&gt; c');
  });

  it('warns, naming the host and the status, when the webhook refuses; the secret path is never logged', async () => {
    answer = { status: 500 };
    const receipts = await deliverVerdict(delivery, [webhookSink(target())], logger);
    expect(receipts).toEqual([]);
    expect(logged).toEqual([
      `warning: the webhook at 127.0.0.1:${port} answered 500 Internal Server Error: the verdict was not posted there`,
    ]);
    expectNoSecret();
  });

  it('warns when the webhook does not answer in time', async () => {
    answer = { status: 200, stall: true };
    await deliverVerdict(delivery, [webhookSink(target({ timeoutMs: 300 }))], logger);
    expect(logged).toEqual([`warning: the webhook at 127.0.0.1:${port} did not answer within 0.3 s`]);
    expectNoSecret();
  });

  it('warns when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    const free = typeof address === 'object' && address !== null ? address.port : 0;
    await new Promise((resolve) => closed.close(resolve));
    await deliverVerdict(
      delivery,
      [webhookSink(target({ url: `http://127.0.0.1:${free}${SECRET_PATH}` }))],
      logger,
    );
    expect(logged).toEqual([`warning: the webhook at 127.0.0.1:${free} could not be reached (ECONNREFUSED)`]);
    expectNoSecret();
  });

  it.each([
    [
      'http://hooks.example.com/hooks/very-secret-key',
      '--post-webhook must be an https:// address (http only to this machine), not http://hooks.example.com',
    ],
    [
      'ftp://127.0.0.1/very-secret-key',
      '--post-webhook must be an https:// address (http only to this machine), not ftp://127.0.0.1',
    ],
    ['very-secret-key', "--post-webhook is not a URL: give the webhook's https:// address"],
  ])('refuses %s before anything is sent, without quoting it', (url, message) => {
    expect(() => webhookSink(target({ url }))).toThrow(new InputError(message));
    expect(received).toEqual([]);
  });

  it('takes https anywhere and http to loopback', () => {
    expect(() => webhookSink(target({ url: 'https://hooks.slack.com/services/T/B/x' }))).not.toThrow();
    expect(() => webhookSink(target({ url: 'http://localhost:8065/hooks/x' }))).not.toThrow();
    expect(() => webhookSink(target({ url: 'http://[::1]:8065/hooks/x' }))).not.toThrow();
  });

  it('is what compare --post-webhook posts to; a bad address stops compare before it writes anything', async () => {
    let stderr = '';
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      stderr += String(chunk);
      return true;
    });
    jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const results = join(
        import.meta.dirname,
        '../../__fixtures__/results/instructions-performance-schema.json',
      );
      const out = join(dir, 'cli-report');
      const url = `http://127.0.0.1:${port}${SECRET_PATH}`;
      expect(
        await main([
          'node',
          'mysql-perf-gate',
          'compare',
          results,
          '--report-dir',
          out,
          '--post-webhook',
          url,
        ]),
      ).toBe(1);
      expect(received).toHaveLength(1);
      expect(stderr).toContain(`verdict posted to the webhook at 127.0.0.1:${port}`);
      const refused = join(dir, 'cli-refused');
      const bad = 'http://hooks.example.com/hooks/very-secret-key';
      expect(
        await main([
          'node',
          'mysql-perf-gate',
          'compare',
          results,
          '--report-dir',
          refused,
          '--post-webhook',
          bad,
        ]),
      ).toBe(2);
      expect(stderr).toContain('--post-webhook must be an https:// address (http only to this machine)');
      expect(stderr).not.toContain('very-secret-key');
      expect(existsSync(refused)).toBe(false);
      expect(received).toHaveLength(1);
    } finally {
      jest.restoreAllMocks();
    }
  });
});
