// A local Web Push service for tests (the `web-push-testing` package, in this process): it subscribes like a browser's
// push service, checks the VAPID signature, decrypts aes128gcm payloads, and answers 410 once a subscription expires.
import { createRequire } from 'node:module';
import net from 'node:net';

const require = createRequire(import.meta.url);

interface TestingServer {
  startServer(): void;
  _server: import('node:http').Server;
}

export interface PushServiceStandIn {
  url: string;
  /** A browser's PushSubscription.toJSON() for our application server key, and its id at the stand-in. */
  subscribe(
    applicationServerKey: string,
  ): Promise<{ subscription: { endpoint: string; keys: Record<string, string> }; id: string }>;
  /** The decrypted payloads received for a subscription, oldest first. */
  messages(id: string): Promise<string[]>;
  /** From now on the service answers 410 Gone for this subscription (as after an unsubscribe). */
  expire(id: string): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const Server = require('web-push-testing/src/server.js') as new (model: unknown, port: number) => TestingServer;
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => unknown };
  const port = await freePort();
  const server = new Server(new PushApiModel(), port);
  const log = console.log;
  console.log = () => {}; // its "Server running on port" line, printed once listening
  try {
    server.startServer();
    await new Promise<void>((resolve) => {
      if (server._server.listening) setImmediate(resolve);
      else server._server.once('listening', () => setImmediate(resolve));
    });
  } finally {
    console.log = log;
  }
  const url = `http://localhost:${port}`;
  const call = async (path: string, body: unknown = {}) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`service de push de test : ${path} → ${response.status} ${await response.text()}`);
    return response.headers.get('Content-Type')?.includes('json') ? response.json() : null;
  };
  return {
    url,
    async subscribe(applicationServerKey) {
      const { data } = (await call('/subscribe', { applicationServerKey, userVisibleOnly: 'true' })) as {
        data: { endpoint: string; keys: Record<string, string>; clientHash: string };
      };
      return { subscription: { endpoint: data.endpoint, keys: data.keys }, id: data.clientHash };
    },
    async messages(id) {
      const { data } = (await call('/get-notifications', { clientHash: id })) as { data: { messages: string[] } };
      return data.messages;
    },
    async expire(id) {
      await call(`/expire-subscription/${id}`);
    },
    close: () => new Promise((resolve) => server._server.close(() => resolve())),
  };
}
