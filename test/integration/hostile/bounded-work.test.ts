/**
 * Bounded work on hostile input: the main side's core survives a hostile service under a 1 GB heap.
 * Each case runs the core in its own process (`node --max-old-space-size=1024`, see
 * run-child.ts) against a 127.0.0.1 service that turns hostile after a good first
 * answer, and must end with a clear error naming the limit, still alive, with the last
 * good data kept (stored and shown). Before the limits, the endless-pages and
 * 100,000-asset cases died out of memory (see measure-rss.ts for the figures).
 */
import { describe, expect, it } from 'vitest';
import { MAX_ASSETS_PER_LIST, MAX_EQUIPMENT_PER_LISTING } from '../../../src-main/core/limits';
import { GOOD_ASSETS, GOOD_UNITS, SAFETY_CEILING_BYTES, UNITS_PER_HOSTILE_PAGE, type HostileCase } from './hostile-service';
import { runHostileCase, type CaseRun } from './run-child';

const CASE_TIMEOUT_MS = 300_000;

async function survived(kind: HostileCase): Promise<CaseRun & { result: NonNullable<CaseRun['result']> }> {
  const run = await runHostileCase(kind, { timeoutMs: CASE_TIMEOUT_MS - 20_000 });
  console.info(`${kind}: peak RSS ${run.peakRssMb} MB, ${run.result?.seconds ?? '-'} s`);
  expect(run.timedOut, `${kind} ran out of time`).toBe(false);
  expect(run.exitCode, `${kind} died (signal ${run.signal}): ${run.stderrTail}`).toBe(0);
  expect(run.result?.alive).toBe(true);
  return run as CaseRun & { result: NonNullable<CaseRun['result']> };
}

describe('a hostile service, core under a 1 GB heap', () => {
  it('endless distinct next links, 300 machines a page: fails at the machine limit, keeps the last listing', { timeout: CASE_TIMEOUT_MS }, async () => {
    const run = await survived('endless-pages');
    expect(run.result.ok).toBe(false);
    expect(run.result.message).toContain(`${MAX_EQUIPMENT_PER_LISTING.toLocaleString('en-US')} machines`);
    expect(run.result.keptAfter).toBe(GOOD_UNITS);
    expect(run.pagesServed).toBeLessThanOrEqual(Math.ceil(MAX_EQUIPMENT_PER_LISTING / UNITS_PER_HOSTILE_PAGE) + 2);
  });

  it('a 100,000-asset list (~250 MB): refused at the byte limit, naming it and the endpoint; the list stays', { timeout: CASE_TIMEOUT_MS }, async () => {
    const run = await survived('many-assets');
    expect(run.result.ok).toBe(false);
    expect(run.result.message).toMatch(/larger than 128 MB/);
    expect(run.result.message).toContain('/v1/branch/current/assets');
    expect(run.result.keptAfter).toBe(GOOD_ASSETS);
    expect(run.result.shownAfter).toBe(GOOD_ASSETS);
  });

  it('an endless asset list body: abandoned at the byte limit', { timeout: CASE_TIMEOUT_MS }, async () => {
    const run = await survived('endless-body');
    expect(run.result.ok).toBe(false);
    expect(run.result.message).toMatch(/larger than 128 MB/);
    expect(run.result.keptAfter).toBe(GOOD_ASSETS);
    expect(run.result.shownAfter).toBe(GOOD_ASSETS);
    expect(run.bytesSent).toBeLessThan(SAFETY_CEILING_BYTES / 4);
  });

  it('an endless AEMP page: abandoned at the page byte limit', { timeout: CASE_TIMEOUT_MS }, async () => {
    const run = await survived('endless-page-body');
    expect(run.result.ok).toBe(false);
    expect(run.result.message).toMatch(/larger than 8 MB/);
    expect(run.result.message).toContain('/aemp/api/v2/Fleet/1');
    expect(run.result.keptAfter).toBe(GOOD_UNITS);
  });

  it('more assets than the asset limit, in a small body: refused, the list stays', { timeout: CASE_TIMEOUT_MS }, async () => {
    const run = await survived('too-many-small');
    expect(run.result.ok).toBe(false);
    expect(run.result.message).toContain(MAX_ASSETS_PER_LIST.toLocaleString('en-US'));
    expect(run.result.keptAfter).toBe(GOOD_ASSETS);
    expect(run.result.shownAfter).toBe(GOOD_ASSETS);
  });

  it('the largest list the limits accept, twice in a row: loaded, stored and shown', { timeout: CASE_TIMEOUT_MS }, async () => {
    const run = await survived('largest-list');
    expect(run.result.ok).toBe(true);
    expect(run.assetsSent).toBeGreaterThan(40_000);
    expect(run.result.shownAfter).toBe(run.assetsSent);
    expect(run.result.keptAfter).toBe(run.assetsSent);
  });
});
