/** The asset list check at its edges (mutation survivors of asset-schema.ts). */
import { describe, expect, it } from 'vitest';
import { normalizeAssetList } from '../../../../src-main/core/assets/asset-schema';
import { FleetError } from '../../../../src-main/core/errors';
import { MAX_ASSETS_PER_LIST } from '../../../../src-main/core/limits';

const NOW = new Date('2026-03-01T00:00:00Z');
const meta = (collectedOn: string) => ({ collectedOn, source: 's', other: {} });
const thing = (n: number, extra: Record<string, unknown> = {}) => ({ assetId: `thing:${n}`, type: 'thing', name: `T${n}`, urls: {}, metrics: null, ...extra });

describe('normalizeAssetList edges', () => {
  it('reads exactly the largest list and refuses one more, at the root path', () => {
    const list = Array.from({ length: MAX_ASSETS_PER_LIST }, (_, i) => i);
    expect(normalizeAssetList(list, NOW).skipped).toHaveLength(MAX_ASSETS_PER_LIST);
    list.push(0);
    try {
      normalizeAssetList(list, NOW);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(FleetError);
      expect(err).toMatchObject({ kind: 'bad-payload', path: '$' });
    }
  });

  it('names what came instead of a list', () => {
    expect(() => normalizeAssetList({ assets: [] }, NOW)).toThrow(/^The asset list from the service is an object, expected a list of assets$/);
  });

  it('flags a metric collected more than ten minutes in the future, not one at ten minutes', () => {
    const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
    const { assets } = normalizeAssetList(
      [thing(1, { metrics: { fuel: { value: 40, meta: meta(at(10 * 60 * 1000)) }, speed: { value: 3, meta: meta(at(10 * 60 * 1000 + 1000)) } } })],
      NOW,
    );
    expect(assets[0].issues).toEqual([
      { metric: 'speed', path: '$[0].metrics.speed.meta.collectedOn', message: `speed was collected in the future (${at(10 * 60 * 1000 + 1000)})` },
    ]);
  });

  it('takes the newest collection time as the last update, whatever the order', () => {
    const { assets } = normalizeAssetList(
      [thing(1, { metrics: { a: { value: 1, meta: meta('2026-02-28T10:00:00Z') }, b: { value: 2, meta: meta('2026-02-28T12:00:00Z') }, c: { value: 3, meta: meta('2026-02-28T11:00:00Z') } } })],
      NOW,
    );
    expect(assets[0].lastUpdate).toBe('2026-02-28T12:00:00.000Z');
  });

  it('completes a metric without source or other, and keeps the rest as they are', () => {
    const { assets } = normalizeAssetList([thing(1, { metrics: { a: { value: 1, meta: { collectedOn: '2026-02-28T10:00:00Z' } }, b: { value: 2, meta: meta('2026-02-28T11:00:00Z') } } })], NOW);
    expect(assets[0].metrics).toEqual({
      a: { value: 1, meta: { collectedOn: '2026-02-28T10:00:00Z', source: '', other: {} } },
      b: { value: 2, meta: meta('2026-02-28T11:00:00Z') },
    });
  });

  it('drops a metric without a value, or with a meta of the wrong shape, naming it', () => {
    const { assets } = normalizeAssetList(
      [
        thing(1, {
          metrics: {
            novalue: { meta: meta('2026-02-28T10:00:00Z') },
            badsource: { value: 1, meta: { collectedOn: '2026-02-28T10:00:00Z', source: 5, other: {} } },
            notime: { value: 1, meta: { collectedOn: 5, source: 's', other: {} } },
            ok: { value: 1, meta: meta('2026-02-28T10:00:00Z') },
          },
        }),
      ],
      NOW,
    );
    expect(Object.keys(assets[0].metrics ?? {})).toEqual(['ok']);
    expect(assets[0].issues.map((i) => i.metric)).toEqual(['novalue', 'badsource', 'notime']);
    expect(assets[0].issues.every((i) => i.message.startsWith(`Metric ${i.metric} dropped: `))).toBe(true);
  });

  it('says what metrics were instead of an object', () => {
    const { assets } = normalizeAssetList([thing(1, { metrics: [1, 2] })], NOW);
    expect(assets[0].metrics).toBeNull();
    expect(assets[0].issues).toEqual([{ metric: '', path: '$[0].metrics', message: 'metrics is a list, expected an object; no metrics shown' }]);
  });

  it('shows serial number and category only as text, noting anything else', () => {
    const { assets } = normalizeAssetList(
      [thing(1, { serialNumber: 'SN-1', category: 'Trucks' }), thing(2, { serialNumber: 7, category: { x: 1 } }), thing(3, { serialNumber: null, category: null })],
      NOW,
    );
    expect(assets[0]).toMatchObject({ serialNumber: 'SN-1', category: 'Trucks', issues: [] });
    expect(assets[1].serialNumber).toBeUndefined();
    expect(assets[1].issues.map((i) => [i.metric, i.path])).toEqual([
      ['serialNumber', '$[1].serialNumber'],
      ['category', '$[1].category'],
    ]);
    expect(assets[1].issues[0].message).toMatch(/^serialNumber is .*, expected text; not shown$/);
    expect(assets[2].issues).toEqual([]);
    expect('serialNumber' in assets[2]).toBe(false);
  });

  it('skips an asset with a long bad id under its first 100 characters', () => {
    const id = `thing:${'9'.repeat(150)}x`;
    const { skipped } = normalizeAssetList([{ assetId: id, type: 'thing', name: 'n' }], NOW);
    expect(skipped[0].assetId).toBe(id.slice(0, 100));
  });

  it('counts the cleaned texts past the first twenty', () => {
    const long = 'x'.repeat(2_000);
    const metrics = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`m${i}`, { value: long, meta: meta('2026-02-28T10:00:00Z') }]));
    const { assets } = normalizeAssetList([thing(1, { metrics })], NOW);
    const texts = assets[0].issues.filter((i) => /cut|cleaned/.test(i.message));
    expect(texts).toHaveLength(21);
    expect(texts[20]).toMatchObject({ metric: '', message: '5 more texts were cut or cleaned' });
  });
});
