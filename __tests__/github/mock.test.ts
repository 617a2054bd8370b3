// The GitHub mock itself: it must reject what GitHub's OpenAPI description rejects, or the other
// tests in this directory prove nothing.
import { OpenAPIBackend } from 'openapi-backend';

import {
  ACTIONS_BOT,
  reducedGitHubDocument,
  startGitHubMock,
  type GitHubMock,
  withGitHubFormats,
} from '../helpers/github-mock.js';

let mock: GitHubMock;

beforeEach(async () => {
  mock = await startGitHubMock();
  mock.tokens.set('actions', { user: ACTIONS_BOT, installation: true, readOnly: false });
});

afterEach(async () => {
  await mock.close();
});

function send(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${mock.baseUrl}${path}`, {
    method,
    headers: { authorization: 'token actions', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

test('the cut-down GitHub description the mock serves is a valid OpenAPI document, every validator compiling', async () => {
  // The mock itself starts quickly (its validators compiled when an operation is first called);
  // here the whole document is checked against the OpenAPI specification and compiled once.
  const api = new OpenAPIBackend({
    definition: reducedGitHubDocument(),
    strict: true,
    quick: false,
    customizeAjv: withGitHubFormats,
  });
  await expect(api.init()).resolves.toBe(api);
});

test('a body missing a required field is answered 400 and recorded', async () => {
  const response = await send('POST', '/repos/octo-org/server/git/blobs', { encoding: 'base64' });
  expect(response.status).toBe(400);
  expect(mock.failures).toEqual([expect.stringMatching(/git\/create-blob.*invalid request.*content/)]);
});

test('a query parameter of the wrong type is recorded', async () => {
  await send('GET', '/repos/octo-org/server/issues/1/comments?per_page=lots');
  expect(mock.failures).toEqual([expect.stringMatching(/list-comments.*invalid request.*per_page/)]);
});

test('an operation GitHub does not have is recorded', async () => {
  await send('GET', '/repos/octo-org/server/no-such-thing');
  expect(mock.failures).toEqual([expect.stringMatching(/no such operation/)]);
});

test('a valid request is answered within the schema', async () => {
  const response = await send('POST', '/repos/octo-org/server/git/blobs', {
    content: 'aGk=',
    encoding: 'base64',
  });
  expect(response.status).toBe(201);
  expect(await response.json()).toMatchObject({ sha: expect.stringMatching(/^[0-9a-f]{40}$/) as unknown });
  expect(mock.failures).toEqual([]);
});
