/**
 * The room's names are scoped per branch and cannot be steered by what a desk types; its
 * messages are checked on receipt (size, JSON, shape) before anything is applied; and the
 * connection checks the server's certificate against the configured CA.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeAssetList } from '../../../../src-main/core/assets/asset-schema';
import { branchOf, roomNames } from '../../../../src-main/core/room/names';
import { connectionOptions } from '../../../../src-main/core/room/room-connection';
import { decodeChange, decodeHead, MAX_CHANGE_MESSAGE_BYTES, RoomMessageRefused, wireAsset } from '../../../../src-main/core/room/wire';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('room names', () => {
  it('keep every subject under the branch’s prefix, without a wildcard or extra token from typed text', () => {
    const names = roomNames('yard.>*', 'p 1.*');
    expect(names.prefix).toBe('fleetdesk.yard---.p-1--');
    for (const subject of [names.changes, names.snapshotHead, names.snapshotPart(3), names.snapshotWanted]) {
      expect(subject.startsWith(`${names.prefix}.`)).toBe(true);
      expect(subject).not.toMatch(/[*> ]/);
    }
    expect(names.bucket('acks')).toMatch(/^fleetdesk_[A-Za-z0-9-]+_[A-Za-z0-9-]+_acks$/);
    expect(names.changeStream).not.toContain('.');
  });

  it('name one branch the same on every desk, and two services apart', () => {
    expect(branchOf({ demo: false, baseUrl: 'https://a.example/v1' })).toBe(branchOf({ demo: false, baseUrl: 'https://a.example/v1' }));
    expect(branchOf({ demo: false, baseUrl: 'https://a.example/v1' })).not.toBe(branchOf({ demo: false, baseUrl: 'https://b.example/v1' }));
    expect(branchOf({ demo: true, baseUrl: 'http://127.0.0.1:5555/v1' })).toBe('demo');
  });
});

describe('room messages', () => {
  const change = { v: 1, kind: 'change', desk: 'desk-a', baseFetchedAt: '2026-01-01T00:00:00.000Z', fetchedAt: '2026-01-01T00:01:00.000Z', changed: [], removed: [], order: null, skipped: [] };

  it('read a well-formed change', () => {
    expect(decodeChange(bytes(JSON.stringify(change)))).toMatchObject({ kind: 'change', desk: 'desk-a' });
  });

  it.each([
    ['larger than the cap', 'x'.repeat(MAX_CHANGE_MESSAGE_BYTES + 1), /larger than/],
    ['not JSON', '{"v":1', /not JSON/],
    ['nested too deeply', '['.repeat(100) + ']'.repeat(100), /nested too deeply/],
    ['of an unknown version', JSON.stringify({ ...change, v: 2 }), /not a change Fleet Desk understands/],
    ['with a desk name holding a line break', JSON.stringify({ ...change, desk: 'a\nb' }), /not a change Fleet Desk understands/],
    ['with a time that is not one', JSON.stringify({ ...change, fetchedAt: 'soon' }), /not a change Fleet Desk understands/],
  ])('refuse a message %s, saying the last good list stays', (_what, text, reason) => {
    let refused: unknown;
    try {
      decodeChange(bytes(text));
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(RoomMessageRefused);
    expect((refused as Error).message).toMatch(reason);
    expect((refused as Error).message).toMatch(/the last good list stays$/);
  });

  it('refuse a full list header that claims more than the service list may hold', () => {
    const head = { v: 1, desk: 'a', fetchedAt: '2026-01-01T00:00:00Z', changeSeq: 1, parts: 1, bytes: 10 ** 12, sha256: 'a'.repeat(64), skipped: [] };
    expect(() => decodeHead(bytes(JSON.stringify(head)))).toThrow(RoomMessageRefused);
    expect(decodeHead(bytes(JSON.stringify({ ...head, bytes: 100 })))).toMatchObject({ bytes: 100 });
  });

  it('carry an asset in the service’s shape, read back by the service list’s checks as the same asset', () => {
    const now = new Date('2026-01-02T00:00:00Z');
    const service = [
      {
        assetId: 'thing:7',
        type: 'thing',
        name: 'Loader 7',
        serialNumber: '',
        category: 'loader',
        urls: { mapEmbed: 'https://fleet.example/embed/auth?focus=thing:7' },
        metrics: { fuel: { value: 140, meta: { collectedOn: '2026-01-01T00:00:00Z', source: 'probe', other: {} } } },
      },
      { assetId: 'area:3', type: 'area', name: 'Yard', urls: {}, metrics: null },
    ];
    const first = normalizeAssetList(service, now).assets;
    const again = normalizeAssetList(JSON.parse(JSON.stringify(first.map(wireAsset))), now).assets;
    expect(again).toEqual(first);
    expect(first[0].issues.length).toBeGreaterThan(0); // fuel 140 is flagged on both desks alike
  });
});

describe('room connection', () => {
  const settings = { url: 'tls://room.example.com:4443', name: 'yard', auth: 'none' as const, user: '', caFile: '' };

  it('checks the server’s certificate against the configured CA, and never turns the check off', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fd-room-ca-'));
    try {
      writeFileSync(join(dir, 'ca.pem'), '-----BEGIN CERTIFICATE-----\nMII\n-----END CERTIFICATE-----\n');
      const options = connectionOptions({ settings: { ...settings, caFile: join(dir, 'ca.pem') }, secret: null, name: 'desk' });
      expect(options.tls).toEqual({ ca: expect.stringContaining('BEGIN CERTIFICATE') });
      expect(JSON.stringify(options)).not.toContain('rejectUnauthorized');
      expect(options.servers).toBe('room.example.com:4443');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says which CA file cannot be read', () => {
    expect(() => connectionOptions({ settings: { ...settings, caFile: '/nonexistent/ca.pem' }, secret: null, name: 'desk' })).toThrow(/CA file could not be read \(\/nonexistent\/ca\.pem: ENOENT\)/);
  });

  it('asks for the secret a sign-in needs, and uses plain TCP only for nats://', () => {
    expect(() => connectionOptions({ settings: { ...settings, auth: 'token' }, secret: null, name: 'desk' })).toThrow(/needs a password, token or seed/);
    const plain = connectionOptions({ settings: { ...settings, url: 'nats://room.example.com' }, secret: null, name: 'desk' });
    expect(plain.tls).toBeUndefined();
    expect(plain.servers).toBe('room.example.com:4222');
    expect(connectionOptions({ settings: { ...settings, auth: 'token' }, secret: 's3cret', name: 'desk' }).authenticator).toBeTypeOf('function');
  });
});
