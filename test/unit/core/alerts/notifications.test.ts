import { describe, expect, it } from 'vitest';
import type { AlertRecord, AlertRuleKind } from '../../../../src-main/contract';
import { GROUP_ABOVE, MAX_BODY, MAX_TITLE, notificationsFor, plainText } from '../../../../src-main/core/alerts/notifications';
import { forgetSecret, registerSecret } from '../../../../src-main/core/errors';

let nextId = 1;
const record = (rule: AlertRuleKind, assetName: string, message = 'Fuel 9 % (below 15 %)'): AlertRecord => ({
  id: nextId++,
  profileId: 'demo',
  assetId: `thing:${nextId}`,
  assetName,
  rule,
  message,
  value: 9,
  raisedAt: '2026-03-10T15:00:00.000Z',
  clearedAt: null,
  acknowledgedAt: null,
});

describe('desktop notifications for new alerts', () => {
  it('gives one notification per alert up to the group size, then one per rule with a count', () => {
    const few = Array.from({ length: GROUP_ABOVE }, (_, i) => record('low-fuel', `Truck ${i}`));
    expect(notificationsFor(few).map((n) => [n.title, n.body])).toEqual(few.map((a) => [`Low fuel: ${a.assetName}`, 'Fuel 9 % (below 15 %)']));
    const many = Array.from({ length: 37 }, (_, i) => record('stale', `Unit ${i}`, 'No report for 2 h'));
    const grouped = notificationsFor([...many, record('region', 'Trailer 4', 'Left region:SLC-YARD')]);
    expect(grouped).toEqual([
      { title: '37 assets stale', body: 'Unit 0, Unit 1, Unit 2 and 34 more', assetId: null },
      { title: 'Region change: Trailer 4', body: 'Left region:SLC-YARD', assetId: expect.stringMatching(/^thing:/) },
    ]);
  });

  it('is plain text: no markup, no control or direction characters, no secret, bounded length', () => {
    const [n] = notificationsFor([record('low-fuel', '<b>Truck</b> & Co\u202E\u0007', 'Fuel <img src=x onerror=alert(1)> 9 %\nnext line')]);
    expect(n.title).toBe('Low fuel: ‹b›Truck‹/b› ＆ Co');
    expect(n.body).toBe('Fuel ‹img src=x onerror=alert(1)› 9 % next line');
    expect(n.title + n.body).not.toMatch(/[<>&\p{Cc}\u202E]/u);
    registerSecret('s3cr3t-access-token-value');
    try {
      expect(plainText('Truck s3cr3t-access-token-value', 200)).not.toContain('s3cr3t-access-token-value');
    } finally {
      forgetSecret('s3cr3t-access-token-value');
    }
    const long = notificationsFor([record('maintenance', 'x'.repeat(500), 'y'.repeat(1000))])[0];
    expect([...long.title].length).toBe(MAX_TITLE);
    expect([...long.body].length).toBe(MAX_BODY);
    expect(long.body.endsWith('…')).toBe(true);
  });
});
