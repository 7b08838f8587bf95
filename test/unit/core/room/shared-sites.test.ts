import { describe, expect, it } from 'vitest';
import type { RoomSharedChange, Site } from '../../../../src-main/contract';
import type { OfflineStore } from '../../../../src-main/core/ports';
import { MAX_SHARED_SITE_BYTES, readSharedSite, SharedSites } from '../../../../src-main/core/room/shared-sites';
import { memoryKv } from '../../../support/memory-kv';

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const T0 = Date.parse('2026-03-10T10:00:00.000Z');

function square(id: string, name: string, updatedAt: number): Site {
  return {
    id,
    name,
    kind: 'job',
    notes: '',
    shape: { type: 'polygon', rings: [[[-111.9, 40.7], [-111.89, 40.7], [-111.89, 40.71], [-111.9, 40.71], [-111.9, 40.7]]] },
    regionCode: null,
    createdAt: T0,
    updatedAt,
  };
}

/** What the room carries for a site. */
function wire(site: Site | null, id: string, by: string, at: number) {
  return { id, by, at, site: site && { name: site.name, kind: site.kind, notes: site.notes, shape: site.shape, regionCode: site.regionCode, createdAt: site.createdAt } };
}

/** A desk's sites and store documents in memory, with what it was told. */
function desk(sites: Site[] = []) {
  const held = new Map(sites.map((s) => [s.id, s]));
  const docs = new Map<string, unknown>();
  const store = {
    getDocument: (kind: string, key: string) => (docs.has(`${kind}/${key}`) ? { value: docs.get(`${kind}/${key}`), fetchedAt: '' } : null),
    putDocument: (kind: string, key: string, value: unknown) => void docs.set(`${kind}/${key}`, value),
  } as unknown as OfflineStore;
  const told: Array<Omit<RoomSharedChange, 'profileId'>> = [];
  const room = memoryKv();
  const shared = new SharedSites({
    bucket: async () => room.kv,
    local: () => [...held.values()],
    store: () => store,
    apply: ({ put, remove }) => {
      for (const id of remove) held.delete(id);
      for (const s of put) held.set(s.id, s);
      return 0;
    },
    notify: (c) => told.push(c),
    deskName: 'Ben',
    now: () => T0 + 60_000,
  });
  return { held, told, room, shared, docs };
}

const id = 's-00000000000000a1';

describe('sites shared by the desks of a room', () => {
  it('on joining, the room’s later change of a site is taken and told; a site only this desk has is written to the room', async () => {
    const d = desk([square(id, 'Main St', T0), square('s-00000000000000b2', 'Depot', T0)]);
    d.room.write(id, wire(square(id, 'Main St north', T0 + 1000), id, 'Ana', T0 + 1000));
    await d.shared.joined();
    expect(d.held.get(id)?.name).toBe('Main St north');
    expect(d.held.get(id)?.updatedAt).toBe(T0 + 1000);
    expect(d.told).toEqual([{ kind: 'site', names: ['Main St north'], how: 'changed', by: 'Ana', at: new Date(T0 + 1000).toISOString() }]);
    expect(d.room.read<{ site: { name: string } }>('s-00000000000000b2').site.name).toBe('Depot');
  });

  it('on joining, this desk’s later change is written over the room’s, and the dispatcher hears whose change it replaced', async () => {
    const d = desk([square(id, 'Main St (Ben)', T0 + 2000)]);
    d.room.write(id, wire(square(id, 'Main St (Ana)', T0 + 1000), id, 'Ana', T0 + 1000));
    await d.shared.joined();
    expect(d.room.read<{ site: { name: string }; by: string }>(id)).toMatchObject({ by: 'Ben', site: { name: 'Main St (Ben)' } });
    expect(d.held.get(id)?.name).toBe('Main St (Ben)');
    expect(d.told).toEqual([{ kind: 'site', names: ['Main St (Ben)'], how: 'replaced', by: 'Ana', at: new Date(T0 + 1000).toISOString() }]);
  });

  it('a site removed here while apart is removed in the room on joining, unless another desk changed it later', async () => {
    const later = 's-00000000000000c3';
    const d = desk([square(id, 'Old yard', T0), square(later, 'Kept yard', T0)]);
    d.room.write(id, wire(square(id, 'Old yard', T0), id, 'Ana', T0));
    d.room.write(later, wire(square(later, 'Kept yard, extended', T0 + 120_000), later, 'Ana', T0 + 120_000));
    // Both removed on this desk at T0 + 60 s, while apart.
    const removed = [d.held.get(id)!, d.held.get(later)!];
    d.held.delete(id);
    d.held.delete(later);
    await d.shared.publish({ put: [], removed });
    await d.shared.joined();
    expect(d.room.read<{ site: unknown; by: string }>(id)).toMatchObject({ site: null, by: 'Ben' });
    // Changed in the room after the removal here: the later change wins, and the site comes back.
    expect(d.held.get(later)?.name).toBe('Kept yard, extended');
  });

  it('two desks that seeded the same site hold one site and hear nothing of it', async () => {
    const d = desk([square(id, 'Main St', T0 + 5000)]);
    d.room.write(id, wire(square(id, 'Main St', T0), id, 'Ana', T0));
    await d.shared.joined();
    expect(d.told).toEqual([]);
    expect(d.room.entries.get(id)?.revision).toBe(1);
  });
});

describe('entries the watch brings', () => {
  const arrive = (shared: SharedSites, value: ReturnType<typeof readSharedSite>, revision: number) =>
    (shared as unknown as { received(key: string, v: unknown, entry: { revision: number; isUpdate: boolean }): void }).received(value!.id, value, { revision, isUpdate: true });

  it('a change from the room waiting to be applied is dropped when this desk changed the site since', async () => {
    const d = desk([square(id, 'Main St', T0)]);
    await d.shared.joined();
    const theirs = readSharedSite(id, bytes(wire(square(id, 'Main St (Ana)', T0 + 1000), id, 'Ana', T0 + 1000)))!;
    const revision = d.room.write(id, wire(theirs.site, id, 'Ana', T0 + 1000));
    arrive(d.shared, theirs, revision);
    // This desk renames the site before the gathered change is applied.
    const mine = square(id, 'Main St (Ben)', T0 + 2000);
    d.held.set(id, mine);
    await d.shared.publish({ put: [mine], removed: [] });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(d.held.get(id)?.name).toBe('Main St (Ben)');
    expect(d.told.filter((t) => t.how === 'changed')).toEqual([]);
  });

  it('an entry older than the revision this desk wrote since is settled: not applied', async () => {
    const d = desk([square(id, 'Main St', T0)]);
    await d.shared.joined();
    const mine = square(id, 'Main St (Ben)', T0 + 2000);
    d.held.set(id, mine);
    await d.shared.publish({ put: [mine], removed: [] });
    const written = d.room.entries.get(id)!.revision;
    arrive(d.shared, readSharedSite(id, bytes(wire(square(id, 'Main St (Ana)', T0 + 3000), id, 'Ana', T0 + 3000)))!, written - 1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(d.held.get(id)?.name).toBe('Main St (Ben)');
  });
});

describe('reading a site from the room', () => {
  const site = square(id, 'Main St', T0);

  it('reads a valid site filed under its own id, and a removal', () => {
    expect(readSharedSite(id, bytes(wire(site, id, 'Ana', T0)))).toEqual({ id, by: 'Ana', at: T0, site });
    expect(readSharedSite(id, bytes(wire(null, id, 'Ana', T0)))).toEqual({ id, by: 'Ana', at: T0, site: null });
  });

  it('refuses a site under another id, crossing edges, a bad kind, extra fields, and anything over the size cap', () => {
    expect(readSharedSite('s-00000000000000ff', bytes(wire(site, id, 'Ana', T0)))).toBeNull();
    const bowtie = { ...site, shape: { type: 'polygon', rings: [[[-111.9, 40.7], [-111.89, 40.71], [-111.89, 40.7], [-111.9, 40.71], [-111.9, 40.7]]] } } as Site;
    expect(readSharedSite(id, bytes(wire(bowtie, id, 'Ana', T0)))).toBeNull();
    expect(readSharedSite(id, bytes(wire({ ...site, kind: 'castle' } as unknown as Site, id, 'Ana', T0)))).toBeNull();
    expect(readSharedSite(id, bytes({ ...wire(site, id, 'Ana', T0), token: 'x' }))).toBeNull();
    const padded = new Uint8Array(MAX_SHARED_SITE_BYTES + 1).fill(32);
    padded.set(bytes(wire(site, id, 'Ana', T0)));
    expect(readSharedSite(id, padded)).toBeNull();
  });
});
