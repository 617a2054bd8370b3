// A free loopback TCP port for a side's server. The kernel picks one when we bind port 0; we close
// it and hand the number to the server. Another process may take it in between, so the server's
// start retries with a new port when the error log says the address is in use.
import { createServer } from 'node:net';

import { ServerError } from '../errors.js';

export async function pickFreePort(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const listener = createServer();
    listener.unref();
    listener.on('error', (error) => {
      reject(new ServerError(`cannot find a free TCP port on 127.0.0.1: ${error.message}`, { cause: error }));
    });
    listener.listen({ host: '127.0.0.1', port: 0, exclusive: true }, () => {
      const address = listener.address();
      const port = typeof address === 'object' && address !== null ? address.port : undefined;
      listener.close(() => {
        if (port === undefined) reject(new ServerError('cannot find a free TCP port on 127.0.0.1'));
        else resolve(port);
      });
    });
  });
}
