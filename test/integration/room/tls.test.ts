/**
 * A room server behind TLS, with a certificate authority made in the test: desks that are
 * given that CA join and share the list; a desk that trusts another CA (or only the
 * system's) refuses the server and polls the service itself, saying why.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetSnapshot, RoomStatus } from '../../../src-main/contract';
import { normalizeAssetList } from '../../../src-main/core/assets/asset-schema';
import { DispatchRoom } from '../../../src-main/core/room/dispatch-room';
import { waitFor } from '../../soak/harness';
import { natsServerMissing, startNatsServer, type NatsServer } from '../../support/nats-server';

const BOUND_MS = 30_000;

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: 'ignore' });
}

/** A CA, and a server certificate for 127.0.0.1 signed by it. */
function makeCa(dir: string, name: string): void {
  openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${name} CA`, '-keyout', `${name}-ca.key`, '-out', `${name}-ca.pem`], dir);
}

function makeServerCert(dir: string, ca: string): void {
  openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', 'server.key', '-out', 'server.csr'], dir);
  // The NATS client checks an IP-addressed server under the name "localhost": the certificate names both.
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  openssl(['x509', '-req', '-in', 'server.csr', '-CA', `${ca}-ca.pem`, '-CAkey', `${ca}-ca.key`, '-CAcreateserial', '-days', '2', '-extfile', 'san.ext', '-out', 'server.pem'], dir);
}

describe.skipIf(natsServerMissing)('a room server behind TLS', () => {
  let dir: string;
  let nats: NatsServer;
  const rooms: DispatchRoom[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fd-room-tls-'));
    makeCa(dir, 'room');
    makeCa(dir, 'other');
    makeServerCert(dir, 'room');
    nats = await startNatsServer({ scheme: 'tls', config: `tls { cert_file: "${join(dir, 'server.pem')}", key_file: "${join(dir, 'server.key')}" }` });
  });

  afterAll(async () => {
    await Promise.all(rooms.map((r) => r.stop()));
    await nats?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function join_(name: string, caFile: string): { room: DispatchRoom; desk: { list: AssetSnapshot | null }; statuses: RoomStatus[] } {
    const desk: { list: AssetSnapshot | null } = { list: null };
    const statuses: RoomStatus[] = [];
    const room = new DispatchRoom({
      settings: { url: nats.url, name: 'yard', auth: 'none', user: '', caFile },
      secret: null,
      branch: 'tls-branch',
      deskName: name,
      leaseMs: 1500,
      intervalMs: () => 1000,
      desk: { current: () => desk.list, accept: (l) => (desk.list = { profileId: 'b', ...l, source: 'network' }) },
      onStatus: (s) => statuses.push(s),
    });
    room.start();
    rooms.push(room);
    return { room, desk, statuses };
  }

  it('shares the list between desks that trust the server’s CA', async () => {
    const caFile = join(dir, 'room-ca.pem');
    const first = join_('first', caFile);
    await waitFor(() => first.room.isPoller(), 'the first desk polling over TLS', BOUND_MS);
    const second = join_('second', caFile);
    await waitFor(() => second.room.status().state === 'following', 'the second desk following over TLS', BOUND_MS);
    const now = new Date();
    const { assets, skipped } = normalizeAssetList([{ assetId: 'thing:1', type: 'thing', name: 'Loader', urls: {}, metrics: null }], now);
    const list: AssetSnapshot = { profileId: 'b', assets, skipped, fetchedAt: now.toISOString(), source: 'network' };
    first.desk.list = list;
    await first.room.published(list, null);
    await waitFor(() => second.desk.list?.fetchedAt === list.fetchedAt, 'the follower holding the list', BOUND_MS);
  });

  it.each([
    ['another CA', 'other-ca.pem'],
    ['only the system’s CAs', ''],
  ])('is refused by a desk that trusts %s, which polls the service itself and says why', async (_what, file) => {
    const stranger = join_('stranger', file === '' ? '' : join(dir, file));
    await waitFor(() => stranger.statuses.some((s) => s.state === 'unreachable' && /certificate is not trusted/.test(s.problem ?? '')), 'the stranger refusing the server', BOUND_MS);
    expect(stranger.room.shouldPoll()).toBe(true);
    expect(stranger.room.isPoller()).toBe(false);
  });
});
