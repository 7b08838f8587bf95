/**
 * Which rows of a damaged offline file count as whole assets (mutation survivors of
 * salvage-assets.ts): damage can leave valid JSON of another shape, and such a row must
 * not be carried into the fresh file.
 */
import { describe, expect, it } from 'vitest';
import { idList, readStoredAsset } from '../../../../src-main/core/store/salvage-assets';

const whole = { assetId: 'thing:1', type: 'thing', name: 'Truck 1', urls: {}, metrics: { fuel: { value: 40 } }, lastUpdate: '2026-03-01T10:00:00Z', issues: [] };
const row = (patch: Record<string, unknown>) => JSON.stringify({ ...whole, ...patch });

describe('readStoredAsset', () => {
  it('reads a whole asset, with metrics or none and a time or none', () => {
    expect(readStoredAsset('thing:1', row({}))).toMatchObject({ assetId: 'thing:1', name: 'Truck 1' });
    expect(readStoredAsset('thing:1', row({ metrics: null }))).not.toBeNull();
    expect(readStoredAsset('thing:1', row({ lastUpdate: null }))).not.toBeNull();
  });

  it('refuses a row under another id, or that is not JSON', () => {
    expect(readStoredAsset('thing:2', row({}))).toBeNull();
    expect(readStoredAsset('thing:1', '{"assetId":"thing:1",')).toBeNull();
  });

  it.each([
    ['metrics as a list', { metrics: [1, 2] }],
    ['metrics as text', { metrics: 'fuel' }],
    ['metrics missing', { metrics: undefined }],
    ['a time that is a number', { lastUpdate: 1234 }],
    ['a time missing', { lastUpdate: undefined }],
    ['issues that are not a list', { issues: 'none' }],
    ['issues missing', { issues: undefined }],
  ])('refuses a row with %s', (_what, patch) => {
    expect(readStoredAsset('thing:1', row(patch))).toBeNull();
  });
});

describe('idList', () => {
  it('reads a JSON list of ids, and nothing else', () => {
    expect(idList('["thing:1","area:2"]')).toEqual(['thing:1', 'area:2']);
    expect(idList('[]')).toEqual([]);
    expect(idList('["thing:1",2]')).toBeNull();
    expect(idList('[1,2]')).toBeNull();
    expect(idList('{"0":"thing:1"}')).toBeNull();
    expect(idList('"thing:1"')).toBeNull();
    expect(idList('[')).toBeNull();
  });
});
