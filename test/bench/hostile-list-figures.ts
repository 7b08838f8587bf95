/**
 * Peak RSS and the longest wait of a small call to the core while it refreshes a hostile
 * asset list (assets whose metrics hold millions of invalid entries), with the core in its
 * worker thread as the shells run it, in a process with a 1 GB heap:
 *
 *   node --import tsx test/bench/hostile-list-figures.ts [23|69|spread …]
 *
 * The parent serves the lists on 127.0.0.1 and watches the child's VmHWM from outside (a
 * child that dies still leaves its figure). The child loads a small good list, then the
 * hostile one while it asks `status:get` of the worker again and again, and reports how
 * the refresh ended, the longest wait and what it still holds afterwards.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { goodList, metricFloodList } from '../integration/hostile/metric-flood';

const ROOT = resolve(import.meta.dirname, '..', '..');
const TOKEN = 'hostile-figures-token-7Hq2LmX0';

/** The lists measured: about 2 million invalid entries in 23 MB, three times that in 69 MB. */
const LISTS: Record<string, { assets: number; metrics: number }> = {
  '23': { assets: 2_000, metrics: 1_000 },
  '69': { assets: 6_000, metrics: 1_000 },
  // Under every per-asset bound: the same flood spread thin.
  spread: { assets: 5_000, metrics: 400 },
};

interface ChildReport {
  ok: boolean;
  message: string | null;
  seconds: number;
  longestWaitMs: number;
  heldAfter: number | string;
}

async function child(origin: string): Promise<void> {
  const { startCoreThread } = await import('../../src-main/app/core-thread/host');
  const { webPlatformHooks } = await import('../../src-main/web/cli-options');
  const dir = await mkdtemp(join(tmpdir(), 'fleet-hostile-figures-'));
  const secrets = new Map<string, string>();
  const core = await startCoreThread({
    userDataDir: dir,
    platform: webPlatformHooks('0.0.0-hostile'),
    env: { FLEET_BASE_URL: `${origin}/v1`, FLEET_AEMP_URL: `${origin}/aemp`, FLEET_TOKEN: TOKEN, FLEET_HTTP_TIMEOUT_MS: '600000' },
    loadKeychain: () => ({
      getPassword: async (s, a) => secrets.get(`${s}/${a}`) ?? null,
      setPassword: async (s, a, p) => void secrets.set(`${s}/${a}`, p),
      deletePassword: async (s, a) => secrets.delete(`${s}/${a}`),
    }),
  });
  const heldCount = async (): Promise<number | string> => {
    try {
      const rows = await core.handlers['assets:get']();
      return rows ? rows.assets.length : 0;
    } catch (err) {
      return `error: ${(err as Error).message}`;
    }
  };
  await core.handlers['assets:refresh']();
  await fetch(`${origin}/__arm`);
  let refreshing = true;
  let longestWaitMs = 0;
  const pinger = (async () => {
    while (refreshing) {
      const asked = performance.now();
      try {
        await core.handlers['status:get']();
      } catch {
        // A dead core answers at once with an error: the wait is still what is measured.
      }
      longestWaitMs = Math.max(longestWaitMs, performance.now() - asked);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const started = performance.now();
  let ok = true;
  let message: string | null = null;
  try {
    await core.handlers['assets:refresh']();
    const status = await core.handlers['status:get']();
    if (status.error) {
      ok = false;
      message = status.error.message;
    }
  } catch (err) {
    ok = false;
    message = (err as Error).message;
  }
  const seconds = (performance.now() - started) / 1000;
  refreshing = false;
  await pinger;
  const report: ChildReport = { ok, message, seconds, longestWaitMs: Math.round(longestWaitMs), heldAfter: await heldCount() };
  process.stdout.write(`RESULT ${JSON.stringify(report)}\n`);
  await core.stop().catch(() => {});
  await rm(dir, { recursive: true, force: true });
}

function vmHwmMb(pid: number): number {
  try {
    const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Math.round(Number(kb[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

async function measure(name: string): Promise<void> {
  const { assets, metrics } = LISTS[name];
  const hostile = metricFloodList(assets, metrics);
  const good = goodList(20);
  let armed = false;
  const server = createServer((req, res) => {
    if (req.url === '/__arm') {
      armed = true;
      res.writeHead(204).end();
      return;
    }
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"sign in"}');
      return;
    }
    if (req.url?.startsWith('/v1/branch/current/assets')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(armed ? hostile : good);
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"none"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const proc = spawn(process.execPath, ['--max-old-space-size=1024', '--import', 'tsx', import.meta.filename, '--child', origin], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-3000)));
  let peak = 0;
  const watch = setInterval(() => proc.pid && (peak = Math.max(peak, vmHwmMb(proc.pid))), 100);
  const code = await new Promise<number | null>((r) => proc.on('exit', (c) => r(c)));
  clearInterval(watch);
  server.closeAllConnections();
  server.close();
  const line = stdout.split('\n').find((l) => l.startsWith('RESULT '));
  const size = (Buffer.byteLength(hostile) / 1024 / 1024).toFixed(0);
  const cells = (assets * metrics).toLocaleString('en-US');
  const ending = line ?? `no result (exit ${code}): ${stderr.split('\n').filter((l) => /heap|memory|Error/i.test(l)).slice(0, 2).join(' | ')}`;
  console.log(`${name}: ${size} MB, ${cells} invalid entries: peak RSS ${peak} MB; ${ending}`);
}

if (process.argv[2] === '--child') {
  await child(process.argv[3]);
  process.exit(0);
} else {
  const wanted = process.argv.slice(2).filter((n) => n in LISTS);
  for (const name of wanted.length > 0 ? wanted : ['23', '69']) await measure(name);
}
