/**
 * A TCP pass-through on a fixed loopback port in front of a demo service. Closing it
 * makes the service unreachable (connection refused) and listening again on the same
 * port brings it back, while the demo behind it keeps its tokens: like a service that
 * goes down and comes back with its sign-ins intact.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpFront {
  readonly port: number;
  readonly listening: boolean;
  /** Stops accepting and drops every open connection. */
  close(): Promise<void>;
  /** Listens again on the same port. */
  reopen(): Promise<void>;
}

export async function startTcpFront(targetPort: number, port = 0): Promise<TcpFront> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let boundPort = port;

  const listen = async (): Promise<void> => {
    const s = createServer((client) => {
      const upstream = createConnection({ host: '127.0.0.1', port: targetPort });
      sockets.add(client);
      sockets.add(upstream);
      const drop = (): void => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(boundPort, '127.0.0.1', () => {
        s.off('error', reject);
        resolve();
      });
    });
    boundPort = (s.address() as AddressInfo).port;
    server = s;
  };

  await listen();
  return {
    get port() {
      return boundPort;
    },
    get listening() {
      return server !== null;
    },
    async close() {
      const s = server;
      server = null;
      if (!s) return;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async reopen() {
      if (!server) await listen();
    },
  };
}
