// The free port picked for a server can be taken before the server binds it. Here it is taken on
// purpose: the first port handed out is held by a listener, and the server must retry.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { jest } from '@jest/globals';

import { CleanupScope } from '../../src/shell/cleanup.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { findCommand, requireCommand } from '../helpers/requirements.js';

jest.setTimeout(120_000);

const ready = requireCommand('mariadbd') && requireCommand('mariadb-install-db');
const maybe = ready ? describe : describe.skip;

const realPort = await import('../../src/server/port.js');
const pickFreePort = jest.fn(realPort.pickFreePort);
jest.unstable_mockModule('../../src/server/port.js', () => ({ pickFreePort }));
const { inspectServer, ManagedServer } = await import('../../src/server/server.js');

async function holdPort(): Promise<{ listener: Server; port: number }> {
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen({ host: '127.0.0.1', port: 0 }, resolve));
  const address = listener.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  return { listener, port: address.port };
}

maybe('ManagedServer on a taken port', () => {
  let tmp: string;
  let scope: CleanupScope;

  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'gate-server-port-'));
    scope = new CleanupScope();
  });

  afterEach(async () => {
    expect(await scope.release()).toEqual([]);
    expect(processesMentioning(tmp)).toEqual([]);
    rmSync(tmp, { recursive: true, force: true });
  });

  it('retries with another port when the first one is taken', async () => {
    const install = await inspectServer(findCommand('mariadbd') ?? '/usr/sbin/mariadbd');
    const { listener, port: taken } = await holdPort();
    try {
      pickFreePort.mockResolvedValueOnce(taken);
      const lines: string[] = [];
      const server = await ManagedServer.create({
        install,
        dir: path.join(tmp, 'head'),
        options: {},
        scope,
        log: (line) => lines.push(line),
      });
      await server.start();
      expect(server.connection.port).not.toBe(taken);
      expect(pickFreePort).toHaveBeenCalledTimes(2);
      expect(lines).toContain(
        'the TCP port was taken before the server could bind it; retrying with another port',
      );
      await server.destroy();
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });

  it('gives up after three taken ports, quoting the error log', async () => {
    const install = await inspectServer(findCommand('mariadbd') ?? '/usr/sbin/mariadbd');
    const { listener, port: taken } = await holdPort();
    try {
      pickFreePort.mockResolvedValue(taken);
      const server = await ManagedServer.create({ install, dir: path.join(tmp, 'head'), options: {}, scope });
      await expect(server.start()).rejects.toThrow(
        /found its TCP port taken 3 times in a row; last lines of its error log .*Address already in use/s,
      );
      expect(server.pid).toBeUndefined();
      await server.destroy();
    } finally {
      pickFreePort.mockImplementation(realPort.pickFreePort);
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});
