/**
 * The list reader must give exactly what reading the whole list gives
 * (normalizeAssetList over JSON.parse), for any list and any sequence of lists, while
 * parsing only the elements that changed. The property test drives both over random
 * lists and edits; the named cases pin each reason an element must be read again.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { AssetListReader, type ReadList } from '../../../../src-main/core/assets/asset-list-reader';
import { normalizeAssetList } from '../../../../src-main/core/assets/asset-schema';
import { forgetSecret, registerSecret } from '../../../../src-main/core/errors';
import { fingerprintsOf } from '../../../../src-main/core/store/asset-fingerprint';

const NOW = new Date('2026-03-01T10:00:00Z');
const SECRET = 'Sekr3t-token-value';

afterEach(() => forgetSecret(SECRET));

const metric = (value: unknown, collectedOn = '2026-03-01T09:00:00Z') => ({ value, meta: { collectedOn, source: 'can-bus', other: {} } });

function asset(n: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    assetId: `thing:${n}`,
    type: 'thing',
    name: `Truck ${n}`,
    serialNumber: `SN-${n}`,
    category: 'trucks',
    urls: { mapEmbed: `https://svc.example/embed/${n}?jws=a.b.c${n}` },
    metrics: { fuel: metric(50 + n), gps: metric({ lat: 48, lng: 11 }) },
    ...extra,
  };
}

/** Both ways of reading `text`, and the check that they agree. */
function expectSameAsWhole(read: ReadList | null, text: string, now = NOW): void {
  const whole = normalizeAssetList(JSON.parse(text), now);
  expect(read).not.toBeNull();
  expect(read!.assets).toEqual(whole.assets);
  expect(read!.skipped).toEqual(whole.skipped);
  expect(read!.prints).toEqual(fingerprintsOf(whole.assets));
}

const text = (list: unknown[], space?: number) => JSON.stringify(list, null, space);

describe('AssetListReader', () => {
  it('reads a first list whole, element by element, as the whole read does', () => {
    const list = [asset(1), asset(2, { metrics: { fuel: metric(140) } }), { assetId: 'nope' }, asset(1), 7, null];
    const reader = new AssetListReader();
    const read = reader.read(text(list, 2), NOW);
    expectSameAsWhole(read, text(list, 2));
    expect(read).toMatchObject({ reused: 0, parsed: 6 });
  });

  it('parses nothing again when the list did not change, and only the changed element when one did', () => {
    const list = [asset(1), asset(2), asset(3)];
    const reader = new AssetListReader();
    reader.read(text(list), NOW);
    const same = reader.read(text(list), NOW);
    expectSameAsWhole(same, text(list));
    expect(same).toMatchObject({ reused: 3, parsed: 0 });
    list[1] = asset(2, { metrics: { fuel: metric(12, '2026-03-01T09:30:00Z') } });
    const changed = reader.read(text(list), NOW);
    expectSameAsWhole(changed, text(list));
    expect(changed).toMatchObject({ reused: 2, parsed: 1 });
  });

  it('finds its place again after an asset is added or removed (one parse each)', () => {
    const list = [asset(1), asset(2), asset(3), asset(4)];
    const reader = new AssetListReader();
    reader.read(text(list), NOW);
    const added = [asset(1), asset(9), asset(2), asset(3), asset(4)];
    expect(reader.read(text(added), NOW)).toMatchObject({ reused: 4, parsed: 1 });
    const removed = [asset(1), asset(9), asset(3), asset(4)];
    const read = reader.read(text(removed), NOW);
    expectSameAsWhole(read, text(removed));
    // asset(3) is compared with asset(2), the element expected there, so it is read once
    // and the walk carries on from it.
    expect(read).toMatchObject({ reused: 3, parsed: 1 });
  });

  it('takes a re-signed embed URL without reading the asset again', () => {
    const reader = new AssetListReader();
    reader.read(text([asset(1), asset(2)]), NOW);
    const resigned = [asset(1), asset(2, { urls: { mapEmbed: 'https://svc.example/embed/2?jws=fresh.signature.x' } })];
    const read = reader.read(text(resigned), NOW);
    expectSameAsWhole(read, text(resigned));
    expect(read!.assets[1].embedUrl).toBe('https://svc.example/embed/2?jws=fresh.signature.x');
    expect(read).toMatchObject({ reused: 2, parsed: 0 });
  });

  it('reads an asset with issues again when it moved (its issue paths name its position)', () => {
    const odd = asset(5, { metrics: { fuel: metric(140) } });
    const reader = new AssetListReader();
    reader.read(text([asset(1), odd]), NOW);
    const read = reader.read(text([odd]), NOW);
    expectSameAsWhole(read, text([odd]));
    expect(read!.assets[0].issues[0].path).toBe('$[0].metrics.fuel.value');
  });

  it('reuses an asset with issues that stayed at its position, without a parse', () => {
    const list = [asset(1), asset(5, { metrics: { fuel: metric(140) } })];
    const reader = new AssetListReader();
    const first = reader.read(text(list), NOW);
    expect(first!.assets[1].issues.map((i) => i.path)).toEqual(['$[1].metrics.fuel.value']);
    const read = reader.read(text(list), NOW);
    expectSameAsWhole(read, text(list));
    expect(read).toMatchObject({ reused: 2, parsed: 0 });
  });

  it('reuses an asset with no urls member, unchanged, without a parse', () => {
    const list = [asset(1, { urls: undefined }), asset(2)];
    expect(text(list)).not.toContain('embed/1');
    const reader = new AssetListReader();
    reader.read(text(list), NOW);
    const read = reader.read(text(list), NOW);
    expectSameAsWhole(read, text(list));
    expect(read).toMatchObject({ reused: 2, parsed: 0 });
  });

  it('reuses an asset without metrics, or with metrics that are not an object, without a parse', () => {
    // Nothing in them can be "collected in the future", so nothing makes them expire.
    const list = [asset(1, { metrics: null }), asset(2, { metrics: undefined }), asset(3, { metrics: 'n/a' }), asset(4)];
    const reader = new AssetListReader();
    reader.read(text(list), NOW);
    const read = reader.read(text(list), NOW);
    expectSameAsWhole(read, text(list));
    expect(read).toMatchObject({ reused: 4, parsed: 0 });
  });

  it('reads a re-signed URL that holds a registered secret the whole way, so it is dropped as in a full read', () => {
    registerSecret(SECRET);
    const reader = new AssetListReader();
    reader.read(text([asset(1), asset(2)]), NOW);
    const leaking = [asset(1), asset(2, { urls: { mapEmbed: `https://svc.example/embed/2?t=${SECRET}` } })];
    const read = reader.read(text(leaking), NOW);
    expectSameAsWhole(read, text(leaking));
    expect(read!.assets[1].embedUrl ?? '').not.toContain(SECRET);
    expect(read).toMatchObject({ reused: 1, parsed: 1 });
  });

  it('gives null, not an error, when the text ends inside or right before a known urls value', () => {
    const good = text([asset(1)]);
    const urlsValue = good.indexOf('"urls":') + '"urls":'.length;
    for (const cut of [good.slice(0, urlsValue + 5), good.slice(0, urlsValue)]) {
      expect(() => JSON.parse(cut)).toThrow();
      const reader = new AssetListReader();
      reader.read(good, NOW);
      expect(reader.read(cut, NOW)).toBeNull();
    }
  });

  it('reads an asset again once its "collected in the future" flag may have cleared', () => {
    const ahead = asset(1, { metrics: { fuel: metric(40, '2026-03-01T11:00:00Z') } });
    const reader = new AssetListReader();
    const first = reader.read(text([ahead]), NOW);
    expect(first!.assets[0].issues.map((i) => i.message)).toEqual([expect.stringContaining('collected in the future')]);
    const later = new Date('2026-03-01T12:00:00Z');
    const read = reader.read(text([ahead]), later);
    expectSameAsWhole(read, text([ahead]), later);
    expect(read!.assets[0].issues).toEqual([]);
  });

  it('reads everything again after a secret is registered, so an echoed one is redacted', () => {
    const echoing = [asset(1, { name: `Truck ${SECRET}` }), asset(2)];
    const reader = new AssetListReader();
    reader.read(text(echoing), NOW);
    registerSecret(SECRET);
    const read = reader.read(text(echoing), NOW);
    expectSameAsWhole(read, text(echoing));
    expect(read!.assets[0].name).toBe('Truck [redacted]');
    forgetSecret(SECRET);
    const afterForget = reader.read(text(echoing), NOW);
    expectSameAsWhole(afterForget, text(echoing));
    expect(afterForget).toMatchObject({ reused: 0, parsed: 2 });
  });

  it('reads a cleaned asset whole when only its URLs changed (its notes may name them)', () => {
    registerSecret(SECRET);
    const leaking = asset(1, { name: `Truck ${SECRET}`, urls: { mapEmbed: `https://svc.example/embed/1?t=${SECRET}` } });
    const reader = new AssetListReader();
    const first = reader.read(text([leaking]), NOW);
    expect(first!.assets[0].issues.some((i) => i.path.startsWith('$[0].urls'))).toBe(true);
    const fixed = [{ ...leaking, urls: { mapEmbed: 'https://svc.example/embed/1?jws=a.b.c' } }];
    const read = reader.read(text(fixed), NOW);
    expectSameAsWhole(read, text(fixed));
    expect(read!.assets[0].issues.some((i) => i.path.startsWith('$[0].urls'))).toBe(false);
  });

  it('follows JSON.parse when "urls" is written twice or with an escape', () => {
    const reader = new AssetListReader();
    const twice = '[{"assetId":"thing:1","type":"thing","name":"A","urls":{"mapEmbed":"https://a.example/1"},"metrics":null,"urls":{"mapEmbed":"https://b.example/1"}}]';
    reader.read(twice, NOW);
    const twiceNext = twice.replace('https://a.example/1', 'https://c.example/1');
    expectSameAsWhole(reader.read(twiceNext, NOW), twiceNext);
    const escaped = '[{"assetId":"thing:1","type":"thing","name":"A","urls":{"mapEmbed":"https://a.example/1"},"metrics":null,"ur\\u006cs":{"mapEmbed":"https://b.example/1"}}]';
    reader.read(escaped, NOW);
    const escapedNext = escaped.replace('https://b.example/1', 'https://d.example/1');
    const read = reader.read(escapedNext, NOW);
    expectSameAsWhole(read, escapedNext);
    expect(read!.assets[0].embedUrl).toBe('https://d.example/1');
    // The plainly written "urls" changes, but JSON.parse reads the escaped one, written last.
    const plainChanged = escapedNext.replace('https://a.example/1', 'https://e.example/1');
    const again = reader.read(plainChanged, NOW);
    expectSameAsWhole(again, plainChanged);
    expect(again!.assets[0].embedUrl).toBe('https://d.example/1');
  });

  it('leaves to the whole read what it cannot judge: not an array, broken JSON, a broken re-signed URL', () => {
    const reader = new AssetListReader();
    expect(reader.read('{"assets": []}', NOW)).toBeNull();
    expect(reader.read('[{"assetId":"thing:1"', NOW)).toBeNull();
    expect(reader.read('[1,]', NOW)).toBeNull();
    expect(reader.read('[1] x', NOW)).toBeNull();
    const good = text([asset(1)]);
    expectSameAsWhole(reader.read(good, NOW), good);
    const brokenUrls = good.replace(/"urls":\{[^}]*\}/, '"urls":{"mapEmbed":}');
    expect(() => JSON.parse(brokenUrls)).toThrow();
    expect(reader.read(brokenUrls, NOW)).toBeNull();
    expect(reader.read(' [ ] ', NOW)).toMatchObject({ assets: [], skipped: [] });
  });

  it('reads a text with a lone surrogate the plain way: its UTF-8 digest would not tell two of them apart', () => {
    // Raw (unescaped) lone surrogates: JSON.parse keeps each as it is, UTF-8 turns both into U+FFFD.
    const first = text([asset(1), asset(2)]).replace('Truck 2', 'Truck \uD800');
    const second = first.replace('Truck \uD800', 'Truck \uD801');
    expect(JSON.parse(second)[1].name).not.toBe(JSON.parse(first)[1].name);
    const reader = new AssetListReader();
    reader.read(text([asset(1), asset(2)]), NOW);
    expect(reader.read(first, NOW)).toBeNull();
    expect(reader.read(second, NOW)).toBeNull();
    // A well-formed text is read as before, against the last list the reader understood.
    expect(reader.read(text([asset(1), asset(2)]), NOW)).toMatchObject({ reused: 2, parsed: 0 });
  });

  it('gives what the whole read gives for any list and any sequence of edits (property)', () => {
    const name = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('a"}{]\\', '\\"', '{[', 'é ü 日本', '\u2028'));
    const element = fc.oneof(
      { weight: 8, arbitrary: fc.record({ n: fc.integer({ min: 1, max: 12 }), name, fuel: fc.oneof(fc.integer({ min: 0, max: 150 }), fc.constant('x')), hour: fc.integer({ min: 8, max: 11 }), sig: fc.integer({ min: 0, max: 3 }) }).map(({ n, name: label, fuel, hour, sig }) => asset(n, { name: label, urls: { mapEmbed: `https://svc.example/embed/${n}?jws=s${sig}` }, metrics: { fuel: metric(fuel, `2026-03-01T${String(hour).padStart(2, '0')}:00:00Z`) } })) },
      { weight: 1, arbitrary: fc.constantFrom(null, 3, 'text', [1, { a: '}' }], { assetId: 'area:1', type: 'thing', name: 'x' }, { assetId: 'thing:2', type: 'thing' }) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 12 }).map((n) => asset(n, { urls: 'https://svc.example/plain' })) },
    );
    const edit = fc.record({ kind: fc.constantFrom('replace', 'insert', 'delete', 'move', 'same'), at: fc.nat(), to: fc.nat(), element, space: fc.constantFrom(undefined, 1, 2) });
    fc.assert(
      fc.property(fc.array(element, { maxLength: 8 }), fc.array(edit, { minLength: 1, maxLength: 6 }), (start, edits) => {
        const reader = new AssetListReader();
        const items = [...start];
        expectSameAsWhole(reader.read(text(items), NOW), text(items));
        for (const { kind, at, to, element: next, space } of edits) {
          const i = items.length === 0 ? 0 : at % items.length;
          if (kind === 'replace' && items.length > 0) items[i] = next;
          if (kind === 'insert') items.splice(i, 0, next);
          if (kind === 'delete') items.splice(i, 1);
          if (kind === 'move' && items.length > 0) items.splice(to % items.length, 0, ...items.splice(i, 1));
          const body = text(items, space);
          expectSameAsWhole(reader.read(body, NOW), body);
        }
      }),
      { numRuns: 300 },
    );
  });
});
