import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { AlertAcknowledgementSchema } from '../../../../src-main/contract';
import type { NewAlert } from '../../../../src-main/core/ports';
import { openMemoryAlertLog } from '../../../../src-main/core/store/alert-log';

const fuel = (assetId: string, raisedAt: string): NewAlert => ({
  assetId,
  assetName: `Unit ${assetId}`,
  rule: 'low-fuel',
  key: '',
  message: `Fuel low on ${assetId}`,
  value: 9,
  raisedAt,
});

function logWith(...alerts: NewAlert[]) {
  const log = openMemoryAlertLog('demo');
  const { raised } = log.record({ clear: [], raise: alerts.map((shown) => ({ shown, merged: [] })) });
  return { log, ids: raised.map((a) => a.id) };
}

describe('acknowledgements with who and a note', () => {
  it('records the dispatcher and the note, and lists them by the alert condition', () => {
    const { log, ids } = logWith(fuel('thing:1', '2026-03-10T10:00:00.000Z'));
    expect(log.acknowledge(ids, '2026-03-10T10:42:00.000Z', { by: 'Ana', note: 'called the customer' })).toBe(1);
    expect(log.list({ unacknowledgedOnly: false, rule: null }, 10)[0]).toMatchObject({
      acknowledgedAt: '2026-03-10T10:42:00.000Z',
      acknowledgedBy: 'Ana',
      ackNote: 'called the customer',
    });
    expect(log.acknowledgements(10)).toEqual([
      { assetId: 'thing:1', rule: 'low-fuel', key: '', raisedAt: '2026-03-10T10:00:00.000Z', at: '2026-03-10T10:42:00.000Z', by: 'Ana', note: 'called the customer' },
    ]);
  });

  it('keeps the first acknowledgement on this desk: a second one changes neither who nor the note', () => {
    const { log, ids } = logWith(fuel('thing:1', '2026-03-10T10:00:00.000Z'));
    log.acknowledge(ids, '2026-03-10T10:42:00.000Z', { by: 'Ana', note: 'called the customer' });
    expect(log.acknowledge(ids, '2026-03-10T10:50:00.000Z', { by: 'Ben', note: 'on my way' })).toBe(0);
    expect(log.list({ unacknowledgedOnly: false, rule: null }, 10)[0]).toMatchObject({ acknowledgedBy: 'Ana', ackNote: 'called the customer' });
  });

  it('takes the room’s acknowledgement for the same condition over its own, and only for that condition', () => {
    const { log, ids } = logWith(fuel('thing:1', '2026-03-10T10:00:00.000Z'), fuel('thing:2', '2026-03-10T10:00:00.000Z'));
    log.acknowledge([ids[0]!], '2026-03-10T10:43:00.000Z', { by: 'Ben', note: null });
    const ana = { assetId: 'thing:1', rule: 'low-fuel' as const, key: '', raisedAt: '2026-03-10T10:00:00.000Z', at: '2026-03-10T10:42:00.000Z', by: 'Ana', note: 'called the customer' };
    // A condition raised at another time is another alert: this desk's own stays.
    expect(log.adoptAcknowledgement({ ...ana, raisedAt: '2026-03-10T09:00:00.000Z' })).toBe(false);
    expect(log.list({ unacknowledgedOnly: false, rule: null }, 10).find((a) => a.assetId === 'thing:1')).toMatchObject({ acknowledgedBy: 'Ben' });
    expect(log.adoptAcknowledgement(ana)).toBe(true);
    // Already shown so: nothing to announce again.
    expect(log.adoptAcknowledgement(ana)).toBe(false);
    const shown = log.list({ unacknowledgedOnly: false, rule: null }, 10);
    expect(shown.find((a) => a.assetId === 'thing:1')).toMatchObject({ acknowledgedAt: ana.at, acknowledgedBy: 'Ana', ackNote: 'called the customer' });
    expect(shown.find((a) => a.assetId === 'thing:2')).toMatchObject({ acknowledgedAt: null, acknowledgedBy: null });
    expect(log.counts()).toEqual({ total: 2, unacknowledged: 1 });
  });
});

describe('an acknowledgement just made on another desk', () => {
  const ana = { assetId: 'thing:1', rule: 'stale' as const, key: '', raisedAt: '2026-03-10T10:00:00.000Z', at: '2026-03-10T10:42:00.000Z', by: 'Ana', note: null };
  const neverReported = (raisedAt: string): NewAlert => ({ ...fuel('thing:1', raisedAt), rule: 'stale', message: 'Never reported', value: null });

  it('takes the open alert of the same asset and rule that this desk first saw at another time', () => {
    const { log } = logWith(neverReported('2026-03-10T10:05:00.000Z'));
    expect(log.adoptAcknowledgement(ana)).toBe(false);
    expect(log.adoptAcknowledgement(ana, { orOpen: true })).toBe(true);
    expect(log.list({ unacknowledgedOnly: false, rule: null }, 10)[0]).toMatchObject({ acknowledgedBy: 'Ana', raisedAt: '2026-03-10T10:05:00.000Z' });
  });

  it('never takes a cleared alert of that condition, nor the open one when the exact one is logged', () => {
    const { log, ids } = logWith(neverReported('2026-03-10T10:05:00.000Z'));
    log.record({ clear: [{ id: ids[0]!, clearedAt: '2026-03-10T10:06:00.000Z' }], raise: [] });
    expect(log.adoptAcknowledgement(ana, { orOpen: true })).toBe(false);
    const again = openMemoryAlertLog('demo');
    again.record({ clear: [], raise: [{ shown: neverReported(ana.raisedAt), merged: [] }] });
    const [exact] = again.list({ unacknowledgedOnly: false, rule: null }, 10);
    again.record({ clear: [{ id: exact!.id, clearedAt: '2026-03-10T10:30:00.000Z' }], raise: [{ shown: neverReported('2026-03-10T10:31:00.000Z'), merged: [] }] });
    // The acknowledged occurrence is logged (cleared since): the open one is a later occurrence.
    expect(again.adoptAcknowledgement(ana, { orOpen: true })).toBe(true);
    // Told again (the room says it twice): still only the occurrence it names.
    expect(again.adoptAcknowledgement(ana, { orOpen: true })).toBe(false);
    const shown = again.list({ unacknowledgedOnly: false, rule: null }, 10);
    expect(shown.find((a) => a.raisedAt === '2026-03-10T10:31:00.000Z')).toMatchObject({ acknowledgedAt: null });
  });
});

describe('the acknowledgement note rule', () => {
  it('takes a short note, trimmed, and an empty one', () => {
    expect(v.parse(AlertAcknowledgementSchema, { id: 3, note: '  called the customer ' })).toEqual({ id: 3, note: 'called the customer' });
    expect(v.parse(AlertAcknowledgementSchema, { id: 3, note: '' })).toEqual({ id: 3, note: '' });
  });

  it('refuses a note too long or with line breaks, in words', () => {
    const long = v.safeParse(AlertAcknowledgementSchema, { id: 3, note: 'x'.repeat(201) });
    expect(long.success).toBe(false);
    expect(long.issues?.[0]?.message).toBe('The acknowledgement note can have at most 200 characters');
    const broken = v.safeParse(AlertAcknowledgementSchema, { id: 3, note: 'a\nb' });
    expect(broken.issues?.[0]?.message).toBe('The acknowledgement note must not contain line breaks or other control characters');
  });
});
