/**
 * A real room server for tests: `nats-server` on 127.0.0.1 with JetStream, a free port and
 * a store folder of its own, ready when it accepts connections, stopped by its pid. When
 * the binary is not installed, `natsServerMissing` says so and the tests skip with that
 * reason (CI installs the Debian package).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BINARY = process.env.NATS_SERVER_BIN ?? 'nats-server';

/** Why the room tests cannot run here, or null when the server binary is installed. */
export const natsServerMissing: string | null = (() => {
  const r = spawnSync(BINARY, ['--version'], { encoding: 'utf8' });
  return r.error || r.status !== 0 ? `${BINARY} is not installed (Debian package nats-server)` : null;
})();

export interface NatsServer {
  port: number;
  url: string;
  /** The store folder (kept across restart()). */
  storeDir: string;
  /** Stops the server (by its pid) and starts it again on the same port and store. */
  restart(): Promise<void>;
  /** Stops it by its pid; the store stays until close(). */
  kill(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
  /** What the server wrote since its last start (permission refusals name the subject). */
  log(): string;
}

export interface NatsServerOptions {
  /** Extra lines for the server's configuration file (TLS, users). */
  config?: string;
  /** The scheme clients use (tls for a TLS server). */
  scheme?: 'nats' | 'tls';
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startNatsServer(options: NatsServerOptions = {}): Promise<NatsServer> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'fleet-room-'));
  const storeDir = join(dir, 'store');
  const configFile = join(dir, 'nats.conf');
  await writeFile(configFile, `listen: 127.0.0.1:${port}\njetstream { store_dir: "${storeDir}" }\n${options.config ?? ''}\n`);
  let child: ChildProcess | null = null;
  let log = '';

  const start = async (): Promise<void> => {
    const proc = spawn(BINARY, ['-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    proc.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    proc.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      if (proc.exitCode !== null) throw new Error(`nats-server stopped at start: ${log.slice(-2000)}`);
      // Ready once it accepts connections and JetStream is up.
      if ((await accepts(port)) && /Server is ready/.test(log)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`nats-server did not accept connections on ${port}: ${log.slice(-2000)}`);
  };

  const kill = async (): Promise<void> => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.pid === undefined) return;
    const exited = new Promise((r) => proc.once('exit', r));
    process.kill(proc.pid, 'SIGKILL');
    await exited;
    log = '';
  };

  await start();
  return {
    port,
    url: `${options.scheme ?? 'nats'}://127.0.0.1:${port}`,
    storeDir,
    log: () => log,
    start,
    kill,
    async restart() {
      await kill();
      await start();
    },
    async close() {
      await kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
