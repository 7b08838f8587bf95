/**
 * The main side's core against a hostile service, run as its own process (started with
 * `--max-old-space-size=1024` by bounded-work.test.ts and measure-rss.ts):
 *
 *   node --max-old-space-size=1024 --import tsx core-child.ts <case> <service origin>
 *
 * It loads the good data first, arms the service, runs the hostile call, then checks it
 * is still alive and still has the last good data, and prints one `RESULT {json}` line.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCore } from '../../soak/harness';
import { HOSTILE_TOKEN, type HostileCase } from './hostile-service';

export interface ChildResult {
  kind: HostileCase;
  /** The hostile call's outcome as the renderer would see it. */
  ok: boolean;
  errorKind: string | null;
  message: string | null;
  /** Data the renderer can still show after the hostile call (assets or units). */
  goodBefore: number;
  keptAfter: number;
  /** The shown list after the call: was it replaced by the hostile one? */
  shownAfter: number;
  seconds: number;
  maxRssMb: number;
  alive: true;
}

async function main(): Promise<void> {
  const [kind, origin] = process.argv.slice(2) as [HostileCase, string];
  const dir = await mkdtemp(join(tmpdir(), 'fleet-hostile-'));
  const run = await startCore({
    userDataDir: dir,
    start: false,
    maxEvents: 50,
    env: { FLEET_BASE_URL: `${origin}/v1`, FLEET_AEMP_URL: `${origin}/aemp`, FLEET_TOKEN: HOSTILE_TOKEN, FLEET_HTTP_TIMEOUT_MS: '120000' },
  });
  const fleet = kind === 'endless-pages' || kind === 'endless-page-body';
  try {
    let goodBefore: number;
    if (fleet) {
      const good = await run.call('aemp:list', '2.0');
      if (!good.ok) throw new Error(`the good listing failed: ${good.error.message}`);
      goodBefore = good.value.equipment.length;
    } else {
      const good = await run.call('assets:refresh');
      if (!good.ok) throw new Error(`the good list failed: ${good.error.message}`);
      const held = await run.call('assets:get'); // the refresh answers nothing; the core holds what it loaded
      goodBefore = held.ok && held.value ? held.value.assets.length : -1;
    }
    await fetch(`${origin}/__control/arm`);

    const started = Date.now();
    // The largest accepted list is loaded twice: the second time the first one is still held.
    if (kind === 'largest-list') await run.call('assets:refresh');
    const hostile = fleet ? await run.call('aemp:list', '2.0') : await run.call('assets:refresh');
    const seconds = (Date.now() - started) / 1000;
    const hostileUnits = hostile.ok && hostile.value && 'equipment' in hostile.value ? hostile.value.equipment.length : 0;

    // Still alive: the last good data is there and the store answers.
    let keptAfter: number;
    let shownAfter: number;
    if (fleet) {
      const cached = await run.call('aemp:cached', '2.0');
      keptAfter = cached.ok && cached.value ? cached.value.equipment.length : -1;
      shownAfter = hostile.ok ? hostileUnits : keptAfter;
    } else {
      const stored = await run.call('assets:get');
      keptAfter = stored.ok && stored.value ? stored.value.assets.length : -1;
      const announced = run.assetEvents().at(-1);
      shownAfter = announced ? announced.assets.length : -1;
    }
    const result: ChildResult = {
      kind,
      ok: hostile.ok,
      errorKind: hostile.ok ? null : hostile.error.kind,
      message: hostile.ok ? null : hostile.error.message,
      goodBefore,
      keptAfter,
      shownAfter,
      seconds,
      maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      alive: true,
    };
    process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
  } finally {
    await run.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`core-child failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(2);
  },
);
