import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AlertRecord, AlertRuleKind } from '../../../../src-main/contract';
import { GROUP_ABOVE, MAX_BODY, MAX_TITLE, notificationsFor, plainText } from '../../../../src-main/core/alerts/notifications';
import { forgetSecret, registerSecret } from '../../../../src-main/core/errors';

let nextId = 1;
const record = (rule: AlertRuleKind, assetName: string, message = 'Fuel 9 % (below 15 %)', assetId?: string): AlertRecord => ({
  id: nextId++,
  profileId: 'demo',
  assetId: assetId ?? `thing:${nextId}`,
  assetName,
  rule,
  message,
  value: 9,
  raisedAt: '2026-03-10T15:00:00.000Z',
  clearedAt: null,
  acknowledgedAt: null,
});

/** Characters that hide, reorder or smuggle text when shown. */
const INVISIBLES = [
  '\u200B', '\u200C', '\u200D', '\u200E', '\u200F', '\u2060', '\u2061', '\u2064', '\uFEFF', '\u00AD', '\u180E', '\u061C',
  '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\uFFF9', '\uFFFB',
  '\u{E0000}', '\u{E0001}', '\u{E0020}', '\u{E0041}', '\u{E007E}', '\u{E007F}', '\u{1D173}',
];
const ANY_FORMAT_OR_CONTROL = /[\p{Cc}\p{Cf}\u{E0000}-\u{E007F}]/u;

describe('plainText for notifications', () => {
  it.each(INVISIBLES.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, c]))('removes %s', (_name, c) => {
    expect(plainText(`Tru${c}ck 7${c}`, 80)).toBe('Truck 7');
  });

  it('leaves no control, format or tag character in any text, whatever is mixed in', () => {
    const hostile = fc.constantFrom(...INVISIBLES, '\u0000', '\u0007', '\n', '\r', '\u0085', '\u009B', '\t');
    const text = fc.array(fc.oneof(fc.string({ unit: 'grapheme' }), hostile), { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, fc.integer({ min: 2, max: 300 }), (t, max) => {
        const out = plainText(t, max);
        expect(out).not.toMatch(ANY_FORMAT_OR_CONTROL);
        expect(out).not.toMatch(/[<>&]/);
        expect([...out].length).toBeLessThanOrEqual(max);
      }),
    );
  });

  it('keeps the words: an invisible character between letters is dropped, a line break becomes a space', () => {
    expect(plainText('Ex\u200Bca\u00ADva\u2060tor\n12', 80)).toBe('Excavator 12');
  });

  it('hides a registered secret and anything shaped like a token', () => {
    registerSecret('s3cr3t-access-token-value');
    try {
      expect(plainText('Truck s3cr3t-access-token-value', 200)).not.toContain('s3cr3t-access-token-value');
    } finally {
      forgetSecret('s3cr3t-access-token-value');
    }
    expect(plainText('seen eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.abcdef and Bearer abc.def', 200)).not.toMatch(/eyJhbGci|abc\.def/);
  });
});

describe('desktop notifications for new alerts', () => {
  it('gives one notification per alert up to the group size, then one per rule with a count', () => {
    const few = Array.from({ length: GROUP_ABOVE }, (_, i) => record('low-fuel', `Truck ${i}`));
    expect(notificationsFor(few).map((n) => [n.title, n.body, n.rule])).toEqual(few.map((a) => [`Low fuel: ${a.assetName}`, 'Fuel 9 % (below 15 %)', null]));
    expect(new Set(notificationsFor(few).map((n) => n.tag)).size).toBe(GROUP_ABOVE);
    const many = Array.from({ length: 37 }, (_, i) => record('stale', `Unit ${i}`, 'No report for 2 h'));
    const trailer = record('region', 'Trailer 4', 'Left region:SLC-YARD');
    expect(notificationsFor([...many, trailer])).toEqual([
      { title: '37 assets stale', body: 'Unit 0, Unit 1, Unit 2 and 34 more', tag: 'fleet-desk-group-stale', assetId: null, rule: 'stale' },
      { title: 'Region change: Trailer 4', body: 'Left region:SLC-YARD', tag: `fleet-desk-alert-${trailer.id}`, assetId: trailer.assetId, rule: null },
    ]);
  });

  it('groups by rule, not by the total: a few alerts of several rules stay single', () => {
    const mixed = (['low-fuel', 'stale', 'region', 'maintenance'] as const).flatMap((rule) => [record(rule, `A ${rule}`), record(rule, `B ${rule}`)]);
    expect(notificationsFor(mixed)).toHaveLength(8);
    expect(notificationsFor(mixed).every((n) => n.rule === null)).toBe(true);
  });

  it('counts assets, not alerts, in a group', () => {
    const twiceEach = [1, 2, 3, 1, 2, 3].map((n) => record('region', `Truck ${n}`, 'Left region:UT', `thing:${n}`));
    expect(notificationsFor(twiceEach).map((n) => [n.title, n.body])).toEqual([['3 assets changed region', 'Truck 1, Truck 2, Truck 3']]);
  });

  it('names an asset by its id when its name is nothing but invisible characters', () => {
    const [n] = notificationsFor([record('low-fuel', '\u200B\u2060\u{E0041}', 'Fuel 9 %', 'thing:77')]);
    expect(n.title).toBe('Low fuel: thing:77');
  });

  it('is plain text: no markup, no control or direction characters, bounded length', () => {
    const [n] = notificationsFor([record('low-fuel', '<b>Truck</b> & Co\u202E\u0007\u061C', 'Fuel <img src=x onerror=alert(1)> 9 %\nnext line')]);
    expect(n.title).toBe('Low fuel: ‹b›Truck‹/b› ＆ Co');
    expect(n.body).toBe('Fuel ‹img src=x onerror=alert(1)› 9 % next line');
    const long = notificationsFor([record('maintenance', 'x'.repeat(500), 'y'.repeat(1000))])[0];
    expect([...long.title].length).toBe(MAX_TITLE);
    expect([...long.body].length).toBe(MAX_BODY);
    expect(long.body.endsWith('…')).toBe(true);
  });
});
