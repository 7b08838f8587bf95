/**
 * `node --import tsx test/bench/row-payload.ts [--sizes 10000,50000]`: the size of what the
 * renderer is sent, whole records against rows. The demo service's list (as the core
 * receives it) goes through the core's own refresh twice, about 5 % of the fleet changed in
 * between; the figures are the bytes of JSON.stringify of the `assets` event payload (a
 * cold start or a whole list) and of the `assets:changed` payload, both as they were (full
 * assets) and as they are (rows). Also the heap a Node process holds for each list after a
 * full garbage collection, a rough stand-in for the renderer's.
 */
import { parseArgs } from 'node:util';
import type { AssetChange, AssetSnapshot, FleetEvents } from '../../src-main/contract';
import { refreshAssets } from '../../src-main/core/handlers/assets';
import { createStoreFactory } from '../../src-main/core/store/sqlite-store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchContext, fetchAssetLists, gc } from './core-figures';

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;

/** Heap used by what `make` returns, after full collections (the JSON text is parsed as the renderer would). */
function heldHeap(text: string): number {
  gc();
  const before = process.memoryUsage().heapUsed;
  const held = JSON.parse(text) as unknown;
  gc();
  const after = process.memoryUsage().heapUsed;
  if (!held) throw new Error('nothing parsed');
  return after - before;
}

async function measure(size: number): Promise<void> {
  const lists = await fetchAssetLists(size);
  const dir = mkdtempSync(join(tmpdir(), 'fleet-row-payload-'));
  try {
    const store = createStoreFactory(dir).open('bench');
    const events: { name: string; payload: unknown }[] = [];
    const emit = ((name: string, payload: unknown) => events.push({ name, payload })) as Parameters<typeof benchContext>[2];
    const first: AssetSnapshot = await refreshAssets(benchContext(() => store, lists.first, emit), () => new Date(Date.UTC(2026, 10, 20, 14)));
    let fullChange: AssetChange | null = null;
    await refreshAssets(benchContext(() => store, lists.next, emit), () => new Date(Date.UTC(2026, 10, 20, 14, 1)), (c) => (fullChange = c));
    store.close();
    const rows = events.find((e) => e.name === 'assets')?.payload as FleetEvents['assets'];
    const rowChange = events.find((e) => e.name === 'assets:changed')?.payload as FleetEvents['assets:changed'] | undefined;
    if (!rows || !rowChange || !fullChange) throw new Error('The refreshes did not announce a whole list and then a small change');
    const full = JSON.stringify(first);
    const asRows = JSON.stringify(rows);
    const line = (what: string, before: number, after: number) => `${size}\t${what}\t${mb(before)}\t${mb(after)}\t${(after / before).toFixed(3)}×`;
    process.stdout.write(`${line("'assets' event (JSON bytes)", full.length, asRows.length)}\n`);
    process.stdout.write(`${line("'assets:changed' event (JSON bytes)", bytes(fullChange), bytes(rowChange))} (${rowChange.changed.length} changed)\n`);
    process.stdout.write(`${line('Node heap holding the parsed list', heldHeap(full), heldHeap(asRows))}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { sizes: { type: 'string', default: '10000' } } });
  process.stdout.write('assets\tfigure\tfull records\trows\trows/full\n');
  for (const size of values.sizes.split(',').map(Number)) await measure(size);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
