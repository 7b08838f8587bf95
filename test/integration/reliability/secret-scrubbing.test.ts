/**
 * Secrets never leak: a planted access token and client secret never show up in anything the app
 * prints, emits, returns or writes to disk, even when the service fails in ways that
 * echo the Authorization header back (error bodies, headers, HTML pages, garbage JSON).
 * Part one runs the core in-process and captures console, stdout/stderr, every event and
 * every handler result; part two runs the built web shell (`node out/main/web.js`, rebuilt first when
 * stale) as a child process and searches its whole output.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InvokeChannel } from '../../../src-main/contract';
import { startDemoService, type DemoService, type FaultSettings } from '../../../src-main/demo';
import { ensureBuilt, ROOT, WEB_ENTRY } from '../../soak/ensure-built';
import { makeTempDir, startCore, waitFor, type CoreRun } from '../../soak/harness';
import { startEchoFront, type EchoFront, type EchoMode } from './echo-front';

const CLIENT_SECRET = 'cs_planted_Sup3rS3cretValue_9f2c';
const PASTED_TOKEN = 'fd_at_planted_pasted_Zq81mN0pXr4';

let demo: DemoService;
let front: EchoFront;
const temps: { dir: string; remove(): Promise<void> }[] = [];

beforeAll(async () => {
  demo = await startDemoService({ assetCount: 20 });
  front = await startEchoFront(demo.origin);
});

afterAll(async () => {
  await front?.close();
  await demo?.close();
  for (const t of temps) await t.remove();
});

/** Every file under `dir`, as text, with its path. */
function filesUnder(dir: string): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push({ path, text: readFileSync(path).toString('latin1') });
  }
  return out;
}

function expectNoSecrets(what: string, text: string, secrets: string[]): void {
  for (const secret of secrets) {
    const at = text.indexOf(secret);
    expect(at, `${what} contains a secret near: ${text.slice(Math.max(0, at - 80), at).replace(secret, '***')}`).toBe(-1);
  }
}

const ECHO_MODES: EchoMode[] = ['echo-500', 'echo-400', 'echo-403', 'echo-html', 'echo-garbage-200', 'echo-bad-asset'];
const DEMO_FAULTS: Partial<FaultSettings>[] = [{ errorRate: 1 }, { resetRate: 1 }, { truncateRate: 1 }, { wrongContentType: true }, { malformedRate: 1 }, { stallAfterHeaders: true }, { burst429: { remaining: 3, retryAfterSec: 0 } }];

describe('secret scrubbing', () => {
  it('the core never prints, emits, returns or stores the token or the client secret', { timeout: 120_000 }, async () => {
    const token = demo.demoToken;
    const secrets = [token, CLIENT_SECRET, PASTED_TOKEN];
    const temp = await makeTempDir('fleet-scrub-');
    temps.push(temp);

    const printed: string[] = [];
    const show = (args: unknown[]): string => args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 8 }))).join(' ');
    for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        printed.push(show(args));
      });
    }
    const realStdout = process.stdout.write.bind(process.stdout);
    const realStderr = process.stderr.write.bind(process.stderr);
    const capture = (real: typeof realStdout) =>
      ((chunk: string | Uint8Array, ...rest: unknown[]) => {
        printed.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
        return (real as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
      }) as typeof process.stdout.write;
    process.stdout.write = capture(realStdout);
    process.stderr.write = capture(realStderr);

    const results: string[] = [];
    let run: CoreRun | null = null;
    try {
      run = await startCore({
        userDataDir: temp.dir,
        env: {
          FLEET_BASE_URL: `${front.origin}/v1`,
          FLEET_AEMP_URL: `${front.origin}/aemp`,
          FLEET_TOKEN: token,
          FLEET_CLIENT_SECRET: CLIENT_SECRET,
          FLEET_TOKEN_URL: `${front.origin}/oauth/token`,
          FLEET_AUTHORIZE_URL: `${front.origin}/oauth/authorize`,
          FLEET_CLIENT_ID: 'fleet-desk-demo',
          FLEET_HTTP_TIMEOUT_MS: '500',
        },
      });
      const r = run;
      await waitFor(() => r.assetEvents().find((s) => s.source === 'network'), 'the first list');

      const record = async (channel: InvokeChannel, ...args: unknown[]): Promise<void> => {
        const res = await (r.call as (c: InvokeChannel, ...a: unknown[]) => Promise<unknown>)(channel, ...args);
        results.push(`${channel}: ${JSON.stringify(res)}`);
      };
      const session = async (): Promise<void> => {
        await record('assets:refresh');
        await record('embed:open', { kind: 'branch' });
        await record('embed:open', { kind: 'subset', assetIds: ['thing:1', 'thing:2'] });
        await record('aemp:list', '2.0');
        await record('aemp:equipment', '1.2', 'VIN-DOES-NOT-EXIST');
        await record('aemp:history', 'thing:1', 'Location', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z');
        await record('status:get');
      };

      for (const mode of ECHO_MODES) {
        front.mode = mode;
        await session();
      }
      front.mode = 'pass';
      for (const faults of DEMO_FAULTS) {
        demo.controls.setFaults(faults);
        await record('assets:refresh');
        await record('aemp:list', '2.0');
        demo.controls.clearFaults();
      }
      // A profile saved with a client secret, and a connection test through echoing errors.
      const profileInput = {
        name: 'Planted',
        baseUrl: `${front.origin}/v1`,
        aempUrl: `${front.origin}/aemp`,
        authorizeUrl: `${front.origin}/oauth/authorize`,
        tokenUrl: `${front.origin}/oauth/token`,
        clientId: 'fleet-desk-demo',
        clientSecret: CLIENT_SECRET,
        scopes: 'assets:read',
      };
      await record('profiles:save', profileInput);
      await record('profiles:list');
      front.mode = 'echo-500';
      await record('profiles:test', { ...profileInput, id: 'env' });
      await record('auth:pasteToken', 'env', PASTED_TOKEN);
      front.mode = 'echo-401';
      await record('auth:pasteToken', 'env', PASTED_TOKEN);
      await record('assets:refresh'); // 401 with the token echoed: signs out
      await record('status:get');
      await record('embed:open', { kind: 'branch' });
      front.mode = 'pass';
      await record('auth:pasteToken', 'env', token);
      await record('assets:refresh');
      await record('profiles:list');
    } finally {
      vi.restoreAllMocks();
      process.stdout.write = realStdout;
      process.stderr.write = realStderr;
      await run?.stop();
    }

    // The session really exercised failures and echoing answers.
    expect(results.filter((line) => line.includes('"ok":false')).length).toBeGreaterThan(20);
    expect(results.some((line) => line.includes('"kind":"unauthorized"'))).toBe(true);
    expect(results.some((line) => line.includes('[redacted]') || line.includes('"kind":"bad-payload"'))).toBe(true);
    expect(run.statuses().some((s) => s.state === 'signed-out')).toBe(true);

    expectNoSecrets('console/stdout/stderr', printed.join('\n'), secrets);
    expectNoSecrets('events', JSON.stringify(run.events), secrets);
    expectNoSecrets('handler results', results.join('\n'), secrets);
    for (const file of filesUnder(temp.dir)) expectNoSecrets(`file ${file.path}`, file.text, secrets);
  });

  it('the built web shell (node out/main/web.js) prints neither the token nor the client secret', { timeout: 400_000 }, async () => {
    await ensureBuilt();
    const root = ROOT;
    const entry = WEB_ENTRY;
    const token = demo.demoToken;
    const temp = await makeTempDir('fleet-scrub-web-');
    temps.push(temp);
    const child = spawn(process.execPath, [entry], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: temp.dir,
        FLEET_USER_DATA: join(temp.dir, 'data'),
        FLEET_WEB_PORT: '0',
        FLEET_BASE_URL: `${front.origin}/v1`,
        FLEET_AEMP_URL: `${front.origin}/aemp`,
        FLEET_TOKEN: token,
        FLEET_CLIENT_SECRET: CLIENT_SECRET,
        FLEET_HTTP_TIMEOUT_MS: '500',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (output += d.toString('utf8')));
    const exited = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)));
    try {
      const pageUrl = await waitFor(() => /http:\/\/127\.0\.0\.1:\d+\/#secret=[0-9a-f]+/.exec(output)?.[0], 'the web shell address on stdout', 30_000);
      const url = new URL(pageUrl);
      const secret = url.hash.replace('#secret=', '');
      const invoke = async (channel: string, args: unknown[]): Promise<string> => {
        const res = await fetch(`${url.origin}/api/invoke/${channel}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Fleet-Secret': secret },
          body: JSON.stringify({ args }),
        });
        return res.text();
      };
      const answers: string[] = [];
      for (const mode of [...ECHO_MODES, 'pass' as const]) {
        front.mode = mode;
        answers.push(await invoke('assets:refresh', []));
        answers.push(await invoke('embed:open', [{ kind: 'branch' }]));
        answers.push(await invoke('aemp:list', ['2.0']));
      }
      for (const faults of DEMO_FAULTS.slice(0, 4)) {
        demo.controls.setFaults(faults);
        answers.push(await invoke('assets:refresh', []));
        demo.controls.clearFaults();
      }
      front.mode = 'echo-401';
      answers.push(await invoke('assets:refresh', []));
      answers.push(await invoke('status:get', []));
      front.mode = 'pass';
      expect(answers.filter((a) => a.includes('"ok":false')).length).toBeGreaterThan(8);
      expectNoSecrets('web shell answers', answers.join('\n'), [token, CLIENT_SECRET]);
    } finally {
      front.mode = 'pass';
      child.kill('SIGTERM');
      await exited;
    }
    expect(output).toContain('Fleet Desk is running');
    expectNoSecrets('web shell stdout/stderr', output, [token, CLIENT_SECRET]);
    for (const file of filesUnder(join(temp.dir, 'data'))) expectNoSecrets(`file ${file.path}`, file.text, [token, CLIENT_SECRET]);
  });
});
