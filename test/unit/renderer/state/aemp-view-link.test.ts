// "Show in Fleet view" from an asset finds its unit by the rule the core links by
// (src-main/contract/equipment-link.ts): trimmed, case-insensitive serial number, then PIN/VIN.
import { afterEach, describe, expect, it } from 'vitest';
import type { AempListing } from '@contract';
import { setBridge } from '../../../../src-renderer/src/lib/bridge';
import { AempViewState } from '../../../../src-renderer/src/state/aemp-view.svelte';
import { createFakeBridge, resetStores } from '../fixtures';
import { unit } from '../lib/aemp/equipment-fixture';

afterEach(() => {
  setBridge(null);
  resetStores();
});

const BY_SERIAL = unit({ equipmentId: 'E1', serialNumber: 'CAT0320-17', linkedAssetId: 'thing:1' });
const BY_PIN = unit({ equipmentId: 'E2', serialNumber: 'OTHER-2', vin: 'KMT-9', linkedAssetId: 'thing:2' });
const LOOKED_UP = unit({ equipmentId: 'E3', serialNumber: 'GEN-3' });
const listing: AempListing = { version: '2.0', snapshotTime: null, equipment: [BY_PIN, BY_SERIAL], issues: [], pages: 1, fetchedAt: '2026-11-22T10:00:00Z', source: 'network' };

async function started() {
  const fake = createFakeBridge({ 'aemp:cached': () => null, 'aemp:list': () => listing, 'aemp:equipment': () => LOOKED_UP });
  setBridge(fake.bridge);
  const view = new AempViewState();
  view.start();
  await new Promise((r) => setTimeout(r, 0));
  return { view, fake };
}

describe('AempViewState.requestSerial', () => {
  it.each([
    ['the same serial number', 'CAT0320-17', BY_SERIAL],
    ['other letter case and spaces', '  cat0320-17 ', BY_SERIAL],
    ['a PIN/VIN equal to the serial number', 'kmt-9', BY_PIN],
  ])('opens the listed unit for %s, without a look-up', async (_what, serial, expected) => {
    const { view, fake } = await started();
    await view.requestSerial(serial);
    expect(view.selected).toBe(expected);
    expect(fake.calls.some((c) => c.channel === 'aemp:equipment')).toBe(false);
    view.stop();
  });

  it('looks a serial number up when no listed unit matches it', async () => {
    const { view, fake } = await started();
    await view.requestSerial('GEN-3');
    expect(fake.calls.filter((c) => c.channel === 'aemp:equipment').map((c) => c.args)).toEqual([['2.0', 'GEN-3']]);
    expect(view.selected).toEqual(LOOKED_UP);
    view.stop();
  });
});
