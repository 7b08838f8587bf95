import { describe, expect, it } from 'vitest';
import { BODY_MAX, GROUP_ABOVE, notificationsFor, showNotifications, TITLE_MAX } from '../../../../../src-renderer/src/lib/alerts/notifications';
import { alertRecord, fakeNotifications } from '../../views/alerts/alert-fixtures';

describe('notificationsFor', () => {
  it(`gives one notification per alert up to ${GROUP_ABOVE} alerts`, () => {
    const specs = notificationsFor([alertRecord(1), alertRecord(2, { rule: 'stale', message: 'No report for 75 min' }), alertRecord(3, { rule: 'region', assetName: 'Loader 3', message: 'Left region:UT' })]);
    expect(specs.map((s) => [s.title, s.body, s.assetId])).toEqual([
      ['Low fuel: Truck 1', 'Fuel 1 % (below 15 %)', 'thing:1'],
      ['No report: Truck 2', 'No report for 75 min', 'thing:2'],
      ['Region: Loader 3', 'Left region:UT', 'thing:3'],
    ]);
    expect(new Set(specs.map((s) => s.tag)).size).toBe(3);
  });

  it('groups a burst per rule with a count of assets ("37 assets stale"); a rule with one alert stays single', () => {
    const burst = [...Array.from({ length: 37 }, (_, i) => alertRecord(10 + i, { rule: 'stale' })), alertRecord(99, { rule: 'after-hours', message: 'Ignition on at 22:14' })];
    const specs = notificationsFor(burst);
    expect(specs.map((s) => s.title)).toEqual(['37 assets stale', 'After hours: Truck 99']);
    expect(specs[0]).toMatchObject({ body: 'Truck 10, Truck 11, Truck 12 and 34 more', assetId: null, rule: 'stale', tag: 'fleet-desk-group-stale' });
  });

  it('counts assets, not alerts, in a group', () => {
    const twiceEach = [1, 2, 3, 1, 2, 3].map((n, i) => alertRecord(100 + i, { rule: 'region', assetId: `thing:${n}`, assetName: `Truck ${n}` }));
    expect(notificationsFor(twiceEach).map((s) => s.title)).toEqual(['3 assets entered or left a region']);
  });

  it('keeps hostile service text plain and short in titles and bodies', () => {
    const name = `<img src=x onerror=alert(1)>\n\u202E${'X'.repeat(500)}`;
    const [spec] = notificationsFor([alertRecord(1, { assetName: name, message: `Fuel low\r\n${'y'.repeat(1000)}` })]);
    expect(spec.title.startsWith('Low fuel: <img src=x onerror=alert(1)> XXX')).toBe(true);
    expect(spec.title).not.toMatch(/[\n\r\u202E]/);
    expect(Array.from(spec.title).length).toBeLessThanOrEqual(TITLE_MAX);
    expect(Array.from(spec.body).length).toBeLessThanOrEqual(BODY_MAX);
    expect(spec.body).not.toMatch(/[\n\r]/);
  });
});

describe('showNotifications', () => {
  it('shows nothing without permission, and survives a browser that refuses to construct one', () => {
    const denied = fakeNotifications('denied');
    expect(showNotifications(denied, notificationsFor([alertRecord(1)]), () => {})).toBe(0);
    expect(denied.shown).toHaveLength(0);
    expect(showNotifications(null, notificationsFor([alertRecord(1)]), () => {})).toBe(0);

    const Throwing = fakeNotifications('granted');
    const Broken = class extends (Throwing as unknown as new (t: string) => object) {
      constructor(title: string) {
        super(title);
        throw new TypeError('Illegal constructor. Use ServiceWorkerRegistration.showNotification() instead.');
      }
    };
    Object.assign(Broken, { permission: 'granted', requestPermission: Throwing.requestPermission });
    expect(showNotifications(Broken as never, notificationsFor([alertRecord(1)]), () => {})).toBe(0);
  });
});
