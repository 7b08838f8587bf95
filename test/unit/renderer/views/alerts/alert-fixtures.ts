/** Builders for the alerts tests: records, rules, an in-memory alert log behind the fake bridge, a fake Notification. */
import { defaultPlaceRules, type AlertCounts, type AlertQuery, type AlertRecord, type AlertRules, type AlertScope } from '../../../../../src-main/contract';
import type { NotificationApi, NotificationLike } from '../../../../../src-renderer/src/lib/alerts/notifications';
import { NOW, type FakeBridge } from '../../fixtures';

export const EVERY_ASSET: AlertScope = { categories: [], assetIds: [], selectionName: null };

export function rules(patch: Partial<AlertRules> = {}): AlertRules {
  return {
    lowFuel: { enabled: true, belowPercent: 15, scope: EVERY_ASSET },
    stale: { enabled: true, afterMin: 60, scope: EVERY_ASSET },
    afterHours: {
      enabled: true,
      trigger: 'ignition',
      schedule: [1, 2, 3, 4, 5].map((day) => ({ day, start: '07:00', end: '17:00' })),
      timeZone: 'America/Denver',
      scope: EVERY_ASSET,
    },
    region: { enabled: true, regions: [], on: 'both', scope: EVERY_ASSET },
    maintenance: { enabled: false, thresholds: [] },
    ...defaultPlaceRules(),
    quiet: false,
    ...patch,
  };
}

/** Alert `id`, raised `id` minutes before NOW (so a higher id is older). */
export function alertRecord(id: number, patch: Partial<AlertRecord> = {}): AlertRecord {
  return {
    id,
    profileId: 'demo',
    assetId: `thing:${id}`,
    assetName: `Truck ${id}`,
    rule: 'low-fuel',
    message: `Fuel ${id % 15} % (below 15 %)`,
    value: id % 15,
    raisedAt: new Date(NOW - id * 60_000).toISOString(),
    clearedAt: null,
    acknowledgedAt: null,
    ...patch,
  };
}

/** An alert log per profile answering the alerts channels of a FakeBridge, the way the main side does. */
export class FakeAlertLog {
  profileId = 'demo';
  records: AlertRecord[];
  rules: AlertRules;
  /** When set, `alerts:list` waits for this before answering (to interleave answers). */
  gate: ((query: AlertQuery) => Promise<void>) | null = null;

  constructor(records: AlertRecord[] = [], ruleSet: AlertRules = rules()) {
    this.records = records;
    this.rules = ruleSet;
  }

  counts(): AlertCounts {
    const mine = this.records.filter((r) => r.profileId === this.profileId);
    return { profileId: this.profileId, total: mine.length, unacknowledged: mine.filter((r) => r.acknowledgedAt === null).length };
  }

  list(query: AlertQuery): AlertRecord[] {
    return this.records
      .filter((r) => r.profileId === this.profileId && (!query.unacknowledgedOnly || r.acknowledgedAt === null) && (query.rule === null || r.rule === query.rule))
      .sort((a, b) => b.raisedAt.localeCompare(a.raisedAt) || b.id - a.id);
  }

  install(bridge: FakeBridge): FakeBridge {
    return bridge
      .handle('alerts:list', async (query) => {
        const q = query as AlertQuery;
        if (this.gate) await this.gate(q);
        return { ...this.counts(), alerts: this.list(q) };
      })
      // As the main side does: the call answers nothing, the counts after it go out as 'alerts:counts'.
      .handle('alerts:acknowledge', (ids) => {
        const wanted = ids === 'all' ? null : new Set(ids as number[]);
        this.records = this.records.map((r) => (r.profileId === this.profileId && r.acknowledgedAt === null && (!wanted || wanted.has(r.id)) ? { ...r, acknowledgedAt: new Date(NOW).toISOString() } : r));
        bridge.emit('alerts:counts', this.counts());
      })
      .handle('alerts:acknowledgeWithNote', (ack) => {
        const { id, note } = ack as { id: number; note: string };
        this.records = this.records.map((r) => (r.id === id && r.acknowledgedAt === null ? { ...r, acknowledgedAt: new Date(NOW).toISOString(), acknowledgedBy: 'Ana', ackNote: note || null } : r));
        bridge.emit('alerts:counts', this.counts());
      })
      .handle('alerts:rules', () => this.rules)
      .handle('alerts:setRules', (next) => (this.rules = next as AlertRules))
      .handle('export:alertsCsv', (query) => {
        const rows = this.list(query as AlertQuery);
        return { fileName: 'alerts-demo.csv', content: `id,asset\n${rows.map((r) => `${r.id},${r.assetName}`).join('\n')}\n`, mimeType: 'text/csv;charset=utf-8', count: rows.length };
      });
  }
}

export interface FakeNotificationClass extends NotificationApi {
  shown: (NotificationLike & { title: string; options?: NotificationOptions; closed: boolean })[];
  permission: NotificationPermission;
  requests: number;
}

/** A stand-in for the browser's Notification class that records what was shown. */
export function fakeNotifications(permission: NotificationPermission = 'granted'): FakeNotificationClass {
  const Fake = class {
    static shown: InstanceType<typeof Fake>[] = [];
    static permission: NotificationPermission = permission;
    static requests = 0;
    static async requestPermission(): Promise<NotificationPermission> {
      Fake.requests++;
      Fake.permission = 'granted';
      return Fake.permission;
    }
    onclick: ((this: unknown, ev: Event) => unknown) | null = null;
    closed = false;
    constructor(
      public title: string,
      public options?: NotificationOptions,
    ) {
      Fake.shown.push(this);
    }
    close(): void {
      this.closed = true;
    }
  };
  return Fake as unknown as FakeNotificationClass;
}
