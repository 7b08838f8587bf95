/** The asset list check: what it keeps, skips, flags, cleans and reports, and what it never quotes. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as v from 'valibot';
import { AssetHeadSchema, MetricEntrySchema, normalizeAssetList } from '../../../../src-main/core/assets/asset-schema';
import { FleetError, registerSecret } from '../../../../src-main/core/errors';
import { MAX_ASSETS_PER_LIST, MAX_FIELD_CHARS } from '../../../../src-main/core/limits';
import { SERVICE_ASSETS } from './service-assets.fixture';

const NOW = new Date('2026-03-01T00:00:00Z');
const meta = (collectedOn = '2026-02-28T10:00:00Z') => ({ collectedOn, source: 's', other: {} });
const thing = (n: number, extra: Record<string, unknown> = {}) => ({ assetId: `thing:${n}`, type: 'thing', name: `T${n}`, urls: {}, metrics: null, ...extra });
const clone = <T>(x: T): T => structuredClone(x);
const AT = '2026-02-28T10:00:00Z';
const entry = (value: unknown) => ({ value, meta: meta(AT) });
const long = 'x'.repeat(MAX_FIELD_CHARS + 200);

describe('normalizeAssetList reads the documented shape', () => {
  it('keeps every asset of the service-interface fixture, with no issues', () => {
    const { assets, skipped } = normalizeAssetList(clone(SERVICE_ASSETS), NOW);
    expect(skipped).toEqual([]);
    expect(assets.map((a) => a.assetId)).toEqual(['thing:1001', 'thing:1002', 'area:17']);
    for (const a of assets) expect(a.issues).toEqual([]);
  });

  it('normalizes fields: embed URL, lastUpdate = newest collectedOn, metrics as sent', () => {
    const [excavator, trailer, yard] = normalizeAssetList(clone(SERVICE_ASSETS), NOW).assets;
    expect(excavator).toMatchObject({ type: 'thing', name: 'Excavator 7', serialNumber: 'EX7-2231', category: 'Excavators' });
    expect(excavator.embedUrl).toContain('/embed/auth?');
    expect(excavator.lastUpdate).toBe('2026-02-28T09:15:30.000Z');
    expect(excavator.metrics?.gps.value).toEqual({ lat: 40.7608, lng: -111.891 });
    expect(excavator.metrics?.fuel.meta.collectedOn).toBe('2025-11-02T08:00:00Z');
    expect(Object.keys(excavator.metrics ?? {})).toHaveLength(Object.keys(SERVICE_ASSETS[0].metrics ?? {}).length);
    expect(trailer).toMatchObject({ serialNumber: '', metrics: null, lastUpdate: null });
    expect(yard.serialNumber).toBeUndefined();
    expect(yard.embedUrl).toBe(SERVICE_ASSETS[2].urls.embedUrl);
  });

  it('keeps unknown metric keys as they are', () => {
    const [excavator] = normalizeAssetList(clone(SERVICE_ASSETS), NOW).assets;
    expect(excavator.metrics?.['vendor-hydraulic-pressure']).toEqual({
      value: { bar: 210 },
      meta: { collectedOn: '2026-02-28T09:00:00Z', source: 'canbus', other: { pgn: 65263 } },
    });
  });

  it('throws bad-payload at $ for a non-array answer', () => {
    for (const input of [{ assets: [] }, null, 'x', 3]) {
      let error: unknown;
      try {
        normalizeAssetList(input, NOW);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(FleetError);
      expect((error as FleetError).kind).toBe('bad-payload');
      expect((error as FleetError).path).toBe('$');
    }
  });

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

  it('takes the newest collection time as the last update, whatever the order', () => {
    const { assets } = normalizeAssetList(
      [thing(1, { metrics: { a: { value: 1, meta: meta('2026-02-28T10:00:00Z') }, b: { value: 2, meta: meta('2026-02-28T12:00:00Z') }, c: { value: 3, meta: meta('2026-02-28T11:00:00Z') } } })],
      NOW,
    );
    expect(assets[0].lastUpdate).toBe('2026-02-28T12:00:00.000Z');
  });
});

describe('normalizeAssetList skips malformed assets and reports them', () => {
  const cases: [string, unknown, string, RegExp, string | undefined][] = [
    ['not an object', 'thing:1', '$[1]', /expected an object/, undefined],
    ['missing name', { assetId: 'thing:5', type: 'thing', urls: {} }, '$[1].name', /name is missing/, 'thing:5'],
    ['name a number', { assetId: 'thing:5', type: 'thing', name: 5 }, '$[1].name', /name is the number 5, expected text/, 'thing:5'],
    ['missing id', { type: 'thing', name: 'x' }, '$[1].assetId', /assetId is missing/, undefined],
    ['id a number', { assetId: 5, type: 'thing', name: 'x' }, '$[1].assetId', /expected text/, undefined],
    ['id malformed', { assetId: 'truck-5', type: 'thing', name: 'x' }, '$[1].assetId', /assetId is the text "truck-5", expected the form thing:<number>/, 'truck-5'],
    ['unknown type', { assetId: 'thing:5', type: 'vehicle', name: 'x' }, '$[1].type', /expected "thing" or "area"/, 'thing:5'],
    ['id not matching type', { assetId: 'area:5', type: 'thing', name: 'x' }, '$[1].assetId', /does not match its type/, 'area:5'],
    ['duplicate id', thing(1), '$[1].assetId', /more than once/, 'thing:1'],
  ];
  it.each(cases)('%s', (_label, bad, path, reason, id) => {
    const { assets, skipped } = normalizeAssetList([thing(1), bad, thing(2)], NOW);
    expect(assets.map((a) => a.assetId)).toEqual(['thing:1', 'thing:2']);
    expect(skipped).toHaveLength(1);
    expect(skipped[0].index).toBe(1);
    expect(skipped[0].path).toBe(path);
    expect(skipped[0].reason).toMatch(reason);
    expect(skipped[0].assetId).toBe(id);
  });

  it('skips an asset with a long bad id under its first 100 characters', () => {
    const id = `thing:${'9'.repeat(150)}x`;
    const { skipped } = normalizeAssetList([{ assetId: id, type: 'thing', name: 'n' }], NOW);
    expect(skipped[0].assetId).toBe(id.slice(0, 100));
  });

  it('refuses an id or a collection time given as a list that reads like text', () => {
    const { assets, skipped } = normalizeAssetList(
      [
        { assetId: ['thing:1'], type: 'thing', name: 'T1' },
        { assetId: 'thing:2', type: 'thing', name: 'T2', metrics: { fuel: { value: 4, meta: { collectedOn: [AT], source: 's', other: {} } } } },
      ],
      NOW,
    );
    expect(skipped).toEqual([{ index: 0, path: '$[0].assetId', reason: expect.stringMatching(/^assetId is .+, expected text$/) }]);
    expect(assets[0].metrics).toEqual({});
    expect(assets[0].issues).toEqual([
      { metric: 'fuel', path: '$[1].metrics.fuel.meta.collectedOn', message: expect.stringMatching(/^Metric fuel dropped: collectedOn is .+, expected an ISO 8601 timestamp$/) },
    ]);
  });
});

describe('normalizeAssetList never quotes a token the service echoes into the list', () => {
  it('never quotes the token in skipped reasons, skipped ids or value issues', () => {
    const token = 'tok-echoed-into-payload-1234567890';
    registerSecret(token);
    const { skipped, assets } = normalizeAssetList(
      [
        { assetId: token, type: 'thing', name: 'x' },
        { assetId: 'thing:7', type: 'thing', name: 'Echo', urls: {}, metrics: { fuel: { value: token, meta: { collectedOn: '2026-11-22T11:00:00Z', source: 's', other: {} } } } },
      ],
      NOW,
    );
    expect(JSON.stringify(skipped)).not.toContain(token);
    expect(JSON.stringify(assets[0].issues)).not.toContain(token);
    expect(skipped).toHaveLength(1);
    expect(assets[0].issues.length).toBeGreaterThan(0);
  });
});

describe('normalizeAssetList keeps and flags metric problems, or drops and reports them', () => {
  function issuesOf(metrics: Record<string, unknown>) {
    const { assets } = normalizeAssetList([thing(9, { metrics })], NOW);
    expect(assets).toHaveLength(1);
    return assets[0];
  }

  it.each([
    ['fuel', 140, '$[0].metrics.fuel.value', /Fuel 140 % is outside 0–100 %/],
    ['fuel', -1, '$[0].metrics.fuel.value', /outside 0–100/],
    ['fuel', '45', '$[0].metrics.fuel.value', /the text "45", expected a number/],
    ['gps', { lat: 40 }, '$[0].metrics.gps.value.lng', /no longitude/],
    ['gps', { lat: 91, lng: 0 }, '$[0].metrics.gps.value.lat', /outside ±90/],
    ['gps', { lat: 0, lng: -181 }, '$[0].metrics.gps.value.lng', /outside ±180/],
    ['gps', '40,-111', '$[0].metrics.gps.value', /expected an object/],
    ['ignition', 'on', '$[0].metrics.ignition.value', /expected true or false/],
    ['odometer', -5, '$[0].metrics.odometer.value', /negative/],
    ['lights2-runtime', 'lots', '$[0].metrics.lights2-runtime.value', /expected a number/],
    ['geo-regions', ['UT'], '$[0].metrics.geo-regions.value', /region:<code>/],
    ['ip-endpoint', '10.0.0.1', '$[0].metrics.ip-endpoint.value', /host:port/],
  ])('%s = %j is kept and flagged', (metric, value, path, message) => {
    const asset = issuesOf({ [metric]: { value, meta: meta() } });
    expect(asset.metrics?.[metric].value).toEqual(value);
    expect(asset.issues).toHaveLength(1);
    expect(asset.issues[0]).toMatchObject({ metric, path });
    expect(asset.issues[0].message).toMatch(message);
  });

  it.each([
    ['no meta', { value: 3 }, '$[0].metrics.speed.meta', /meta is missing/],
    ['no collectedOn', { value: 3, meta: { source: 'x', other: {} } }, '$[0].metrics.speed.meta.collectedOn', /collectedOn is missing/],
    ['bad date', { value: 3, meta: { collectedOn: 'yesterday', source: 'x', other: {} } }, '$[0].metrics.speed.meta.collectedOn', /not an ISO 8601/],
    ['not an object', 7, '$[0].metrics.speed', /expected an object/],
  ])('an entry with %s is dropped and reported', (_label, entry, path, message) => {
    const asset = issuesOf({ fuel: { value: 10, meta: meta('2026-02-27T00:00:00Z') }, speed: entry });
    expect(Object.keys(asset.metrics ?? {})).toEqual(['fuel']);
    expect(asset.lastUpdate).toBe('2026-02-27T00:00:00.000Z');
    expect(asset.issues).toHaveLength(1);
    expect(asset.issues[0]).toMatchObject({ metric: 'speed', path });
    expect(asset.issues[0].message).toMatch(message);
  });

  it('completes a meta without source/other instead of dropping it', () => {
    const asset = issuesOf({ speed: { value: 3, meta: { collectedOn: '2026-02-28T10:00:00.5Z' } } });
    expect(asset.issues).toEqual([]);
    expect(asset.metrics?.speed).toEqual({ value: 3, meta: { collectedOn: '2026-02-28T10:00:00.5Z', source: '', other: {} } });
    expect(asset.lastUpdate).toBe('2026-02-28T10:00:00.500Z');
  });

  it('orders collectedOn with and without fractions by time, not text', () => {
    const asset = issuesOf({ a: { value: 1, meta: meta('2026-02-28T10:00:00.900Z') }, b: { value: 1, meta: meta('2026-02-28T10:00:00Z') } });
    expect(asset.lastUpdate).toBe('2026-02-28T10:00:00.900Z');
  });

  it('flags metrics collected in the future', () => {
    const asset = issuesOf({ fuel: { value: 10, meta: meta('2026-03-02T00:00:00Z') } });
    expect(asset.issues[0]).toMatchObject({ metric: 'fuel', path: '$[0].metrics.fuel.meta.collectedOn' });
  });

  it('treats a metrics field of the wrong type as no metrics, with an issue', () => {
    const asset = issuesOf([] as unknown as Record<string, unknown>);
    expect(asset.metrics).toBeNull();
    expect(asset.issues[0].path).toBe('$[0].metrics');
  });

  it('does not modify its input', () => {
    const input = [thing(1, { metrics: { speed: { value: 3, meta: { collectedOn: '2026-02-28T10:00:00Z' } }, bad: 1 } })];
    const copy = clone(input);
    normalizeAssetList(input, NOW);
    expect(input).toEqual(copy);
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

  it('says what the category was instead of text', () => {
    const { assets } = normalizeAssetList([{ assetId: 'thing:1', type: 'thing', name: 'T1', category: 7 }], NOW);
    expect(assets[0].category).toBeUndefined();
    expect(assets[0].issues).toEqual([{ metric: 'category', path: '$[0].category', message: 'category is the number 7, expected text; not shown' }]);
  });
});

describe('normalizeAssetList reuses valid metrics as they are and completes the rest', () => {
  it('passes a valid metrics object through as it is, without a copy', () => {
    const metrics = { fuel: entry(40), speed: entry(3), note: { value: 'n', meta: { collectedOn: AT, source: '', other: { a: 1 } } } };
    for (const cleanText of [true, false]) {
      const { assets } = normalizeAssetList([{ assetId: 'thing:1', type: 'thing', name: 'T1', metrics }], NOW, { cleanText });
      expect(assets[0].metrics).toBe(metrics);
      expect(assets[0].issues).toEqual([]);
    }
  });

  it('completes every metric that lacks source or other, also after a complete one', () => {
    const bare = (value: number) => ({ value, meta: { collectedOn: AT } });
    const { assets } = normalizeAssetList([{ assetId: 'thing:1', type: 'thing', name: 'T1', metrics: { a: bare(1), b: entry(2), c: bare(3) } }], NOW, { cleanText: false });
    expect(assets[0].metrics).toEqual({
      a: { value: 1, meta: { collectedOn: AT, source: '', other: {} } },
      b: entry(2),
      c: { value: 3, meta: { collectedOn: AT, source: '', other: {} } },
    });
  });

  it('reads an asset without a metrics field as one without metrics, with no issue', () => {
    const { assets } = normalizeAssetList([{ assetId: 'thing:1', type: 'thing', name: 'T1' }], NOW);
    expect(assets[0]).toMatchObject({ metrics: null, lastUpdate: null, issues: [] });
  });
});

describe('normalizeAssetList cleans text and counts what it cleaned', () => {
  it('keeps every cleaned field, the first one included, and names the metric a note belongs to', () => {
    const raw = { name: long, category: long, assetId: 'thing:1', type: 'thing', metrics: { fuel: entry(40), b: entry(long), c: entry(long) } };
    const { assets } = normalizeAssetList([raw], NOW);
    const a = assets[0];
    expect(a.name.length).toBeLessThan(long.length);
    expect(a.category?.length).toBeLessThan(long.length);
    expect(Object.keys(a.metrics ?? {})).toEqual(['fuel', 'b', 'c']);
    expect(a.metrics?.fuel).toBe(raw.metrics.fuel);
    expect(String(a.metrics?.b.value).length).toBeLessThan(long.length);
    expect(String(a.metrics?.c.value).length).toBeLessThan(long.length);
    expect(a.issues.map((i) => i.metric).sort()).toEqual(['b', 'c', 'category', 'name']);
    // The input is not changed in place.
    expect(raw.name).toBe(long);
  });

  it('renames a metric whose name was cut, keeping the metrics before and after it', () => {
    for (const order of ['long-first', 'long-last'] as const) {
      const metrics = order === 'long-first' ? { [long]: entry(1), fuel: entry(40) } : { fuel: entry(40), [long]: entry(1) };
      const { assets } = normalizeAssetList([{ assetId: 'thing:1', type: 'thing', name: 'T1', metrics }], NOW);
      const names = Object.keys(assets[0].metrics ?? {});
      expect(names).toHaveLength(2);
      expect(names).toContain('fuel');
      expect(names).not.toContain(long);
      expect(names.find((n) => n !== 'fuel')?.length).toBeLessThan(long.length);
    }
  });

  it('lists exactly twenty cleaned texts without a "more" line', () => {
    const metrics = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`m${i}`, entry(long)]));
    const { assets } = normalizeAssetList([{ assetId: 'thing:1', type: 'thing', name: 'T1', metrics }], NOW);
    expect(assets[0].issues).toHaveLength(20);
    expect(assets[0].issues.every((i) => i.metric.startsWith('m'))).toBe(true);
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

describe('normalizeAssetList holds for any input', () => {
  const jsonValue = fc.jsonValue({ maxDepth: 4 });
  const metricEntry = fc.oneof(
    jsonValue,
    fc.record({ value: jsonValue, meta: fc.oneof(jsonValue, fc.record({ collectedOn: fc.oneof(fc.string(), fc.date({ noInvalidDate: true }).map((d) => d.toISOString())), source: fc.string(), other: jsonValue })) }),
  );
  const assetLike = fc.record(
    {
      assetId: fc.oneof(fc.string(), fc.nat().map((n) => `thing:${n}`), fc.nat().map((n) => `area:${n}`), jsonValue),
      type: fc.oneof(fc.constantFrom('thing', 'area', 'other'), jsonValue),
      name: fc.oneof(fc.string(), jsonValue),
      serialNumber: jsonValue,
      urls: fc.oneof(jsonValue, fc.record({ mapEmbed: fc.oneof(fc.webUrl(), fc.string()) })),
      metrics: fc.oneof(fc.constant(null), jsonValue, fc.dictionary(fc.constantFrom('fuel', 'gps', 'ignition', 'speed', 'lights1-runtime', 'geo-regions', 'x'), metricEntry)),
    },
    { requiredKeys: [] },
  );

  it('never throws for any array, and accounts for every element', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(assetLike, jsonValue), { maxLength: 20 }), (list) => {
        const { assets, skipped } = normalizeAssetList(list, NOW);
        expect(assets.length + skipped.length).toBe(list.length);
        for (const a of assets) {
          expect(a.assetId).toMatch(/^(thing|area):\d+$/);
          expect(a.assetId.startsWith(`${a.type}:`)).toBe(true);
          expect(typeof a.name).toBe('string');
          if (a.lastUpdate !== null) expect(Number.isNaN(Date.parse(a.lastUpdate))).toBe(false);
          for (const m of Object.values(a.metrics ?? {})) expect(typeof m.meta.collectedOn).toBe('string');
        }
        for (const s of skipped) expect(s.path.startsWith(`$[${s.index}]`)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('throws only the documented bad-payload for non-arrays', () => {
    fc.assert(
      fc.property(jsonValue.filter((x) => !Array.isArray(x)), (value) => {
        expect(() => normalizeAssetList(value, NOW)).toThrow(FleetError);
      }),
    );
  });

  it('the fast path agrees with the valibot schemas on what is kept', () => {
    const entry = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.record(
        {
          value: fc.jsonValue({ maxDepth: 2 }),
          meta: fc.oneof(
            fc.jsonValue({ maxDepth: 1 }),
            fc.record(
              {
                collectedOn: fc.oneof(fc.constantFrom('2026-02-28T10:00:00Z', '2026-02-28T10:00:00.25Z', '2026-02-28', 'soon', ''), fc.string(), fc.integer()),
                source: fc.oneof(fc.string(), fc.integer()),
                other: fc.oneof(fc.dictionary(fc.string(), fc.integer()), fc.jsonValue({ maxDepth: 1 })),
              },
              { requiredKeys: [] },
            ),
          ),
        },
        { requiredKeys: [] },
      ),
    );
    const head = fc.record(
      {
        assetId: fc.oneof(fc.constantFrom('thing:1', 'area:2', 'thing:x', 'thing: 1', 'THING:1'), fc.string(), fc.integer()),
        type: fc.oneof(fc.constantFrom('thing', 'area', 'Thing'), fc.jsonValue({ maxDepth: 1 })),
        name: fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 1 })),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(head, entry, (h, e) => {
        const { assets, skipped } = normalizeAssetList([{ ...h, metrics: { m: e } }], NOW);
        const headOk = v.safeParse(AssetHeadSchema, h).success;
        const matchesType = headOk && (h.assetId as string).startsWith(`${h.type as string}:`);
        expect(assets.length === 1).toBe(headOk && matchesType);
        if (!headOk) expect(skipped[0].reason).not.toMatch(/does not match its type|more than once/);
        if (assets.length === 1) {
          const entryOk = v.safeParse(MetricEntrySchema, e).success;
          expect(assets[0].metrics !== null && 'm' in assets[0].metrics).toBe(entryOk);
        }
      }),
      { numRuns: 500 },
    );
  });
});
