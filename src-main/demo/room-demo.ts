/**
 * `npm run room-demo`: a dispatch room on this machine. Starts a room server (`nats-server`
 * with JetStream, its store in a temporary folder), one demo service, and two web shells
 * on that service in one room; prints both addresses; Ctrl+C stops everything it started
 * (each by its own pid) and removes the temporary folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemoService } from './index';
import { seedRoomSites } from './room-demo-sites';

const ROOM = 'demo-room';
const here = dirname(fileURLToPath(import.meta.url));
const webShell = resolve(here, '..', '..', 'out', 'main', 'web.js');

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no free port'))));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      ok(true);
    });
    socket.once('error', () => ok(false));
  });
}

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'fleet-room-demo-'));
  const children: ChildProcess[] = [];
  const demo = await startDemoService({});
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, 'SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    await demo.close();
    rmSync(folder, { recursive: true, force: true });
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  const port = await freePort();
  const config = join(folder, 'nats.conf');
  writeFileSync(config, `listen: 127.0.0.1:${port}\njetstream { store_dir: "${join(folder, 'store')}" }\n`);
  const server = spawn('nats-server', ['-c', config], { stdio: 'ignore' });
  children.push(server);
  server.once('error', (err) => {
    process.stderr.write(`The room server could not start (${err.message}): install the Debian package nats-server.\n`);
    void stop(1);
  });
  for (let i = 0; i < 200 && !(await accepts(port)); i++) await new Promise((r) => setTimeout(r, 50));
  process.stdout.write(`Room server: nats://127.0.0.1:${port} (room "${ROOM}")\nDemo service: ${demo.baseUrl}\n`);
  try {
    const count = await seedRoomSites({ natsUrl: `nats://127.0.0.1:${port}`, room: ROOM, demo });
    process.stdout.write(`The room holds the demo's ${count} yards and job sites; a site drawn on one desk shows on the other.\n`);
  } catch (err) {
    process.stderr.write(`The demo's sites could not be written to the room (${err instanceof Error ? err.message : String(err)}); the desks start without sites.\n`);
  }

  for (const desk of ['Desk 1', 'Desk 2']) {
    const env = {
      ...process.env,
      FLEET_BASE_URL: demo.baseUrl,
      FLEET_AEMP_URL: demo.aempUrl,
      FLEET_TOKEN: demo.demoToken,
      FLEET_PROFILE_NAME: 'Demo branch (shared room)',
      FLEET_ROOM_URL: `nats://127.0.0.1:${port}`,
      FLEET_ROOM_NAME: ROOM,
      FLEET_DESK_NAME: desk,
      FLEET_USER_DATA: join(folder, desk.replace(' ', '-').toLowerCase()),
      FLEET_WEB_PORT: '0',
    };
    const shell = spawn(process.execPath, [webShell], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(shell);
    shell.stdout?.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n')) if (line.trim()) process.stdout.write(`${desk}: ${line}\n`);
    });
  }
  process.stdout.write('Press Ctrl+C to stop the room server, the demo service and both desks.\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`The room demo could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
