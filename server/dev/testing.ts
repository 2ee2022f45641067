import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalIdentityProviders, type LocalIdentityProviders } from './identity-provider';

/** The local identity providers on a port of their own, for tests that run the BFF through app.request(). */
export async function startLocalIdentityProviders(): Promise<LocalIdentityProviders & { origin: string; close(): Promise<void> }> {
  const started: { providers?: LocalIdentityProviders } = {};
  const server = createServer((req, res) => {
    if (!started.providers) {
      res.statusCode = 503;
      res.end();
      return;
    }
    void started.providers.handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const running = await createLocalIdentityProviders(origin);
  started.providers = running;
  return {
    origin,
    issuer: (name) => running.issuer(name),
    clientId: (name) => running.clientId(name),
    handle: (req, res) => running.handle(req, res),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
