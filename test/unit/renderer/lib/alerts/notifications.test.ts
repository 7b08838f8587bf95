import { describe, expect, it } from 'vitest';
import type { AlertNotification } from '../../../../../src-main/contract';
import { showNotifications } from '../../../../../src-renderer/src/lib/alerts/notifications';
import { fakeNotifications } from '../../views/alerts/alert-fixtures';

const NOTE: AlertNotification = { title: 'Low fuel: Truck 1', body: 'Fuel 1 % (below 15 %)', tag: 'fleet-desk-alert-1', assetId: 'thing:1', rule: null };

describe('showNotifications', () => {
  it('shows nothing without permission, and survives a browser that refuses to construct one', () => {
    const denied = fakeNotifications('denied');
    expect(showNotifications(denied, [NOTE], () => {})).toBe(0);
    expect(denied.shown).toHaveLength(0);
    expect(showNotifications(null, [NOTE], () => {})).toBe(0);

    const Throwing = fakeNotifications('granted');
    const Broken = class extends (Throwing as unknown as new (t: string) => object) {
      constructor(title: string) {
        super(title);
        throw new TypeError('Illegal constructor. Use ServiceWorkerRegistration.showNotification() instead.');
      }
    };
    Object.assign(Broken, { permission: 'granted', requestPermission: Throwing.requestPermission });
    expect(showNotifications(Broken as never, [NOTE], () => {})).toBe(0);
  });
});

describe('showNotifications shows what the main side built', () => {
  it('passes title, body and tag through exactly, one notification each, and hands the clicked one back', () => {
    const api = fakeNotifications('granted');
    const notes: AlertNotification[] = [
      { title: 'Low fuel: ‹b›Truck‹/b› ＆ Co', body: 'Fuel 9 % (below 15 %) [redacted]', tag: 'fleet-desk-alert-7', assetId: 'thing:7', rule: null },
      { title: '37 assets stale', body: 'Unit 0, Unit 1, Unit 2 and 34 more', tag: 'fleet-desk-group-stale', assetId: null, rule: 'stale' },
    ];
    const clicked: AlertNotification[] = [];
    expect(showNotifications(api, notes, (n) => clicked.push(n))).toBe(2);
    expect(api.shown.map((n) => [n.title, n.options])).toEqual([
      ['Low fuel: ‹b›Truck‹/b› ＆ Co', { body: 'Fuel 9 % (below 15 %) [redacted]', tag: 'fleet-desk-alert-7' }],
      ['37 assets stale', { body: 'Unit 0, Unit 1, Unit 2 and 34 more', tag: 'fleet-desk-group-stale' }],
    ]);
    api.shown[1].onclick?.call(undefined, new Event('click'));
    expect(clicked).toEqual([notes[1]]);
  });
});
