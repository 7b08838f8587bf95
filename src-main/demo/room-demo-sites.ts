/**
 * The demo room starts with the demo's yards and job sites in its sites bucket, written
 * as a desk of the room would ("Room demo"), so both desks of `npm run room-demo` show
 * them as soon as they join: the sites of a room are the branch's, not one desk's.
 */
import { Kvm } from '@nats-io/kv';
import { connect } from '@nats-io/transport-node';
import * as v from 'valibot';
import { SiteInputSchema, type Site } from '../contract';
import type { OfflineStore } from '../core/ports';
import { branchOf, roomNames } from '../core/room/names';
import { SharedSites } from '../core/room/shared-sites';
import { seededSiteId } from '../core/sites/site-service';
import type { DemoService } from './index';
import { demoSites } from './demo-sites';

/** Who the room's first sites are from, as the desks show it. */
export const ROOM_DEMO_AUTHOR = 'Room demo';

/** Writes the demo's sites into the room's bucket of the branch `baseUrl` names; returns how many. */
export async function seedRoomSites(o: { natsUrl: string; room: string; demo: Pick<DemoService, 'places' | 'baseUrl'>; now?: number }): Promise<number> {
  const at = o.now ?? Date.now();
  const sites: Site[] = demoSites(o.demo.places).map((input) => {
    const { name, kind, notes, shape, regionCode } = v.parse(SiteInputSchema, input);
    return { id: seededSiteId({ kind, name }), name, kind, notes, shape, regionCode, createdAt: at, updatedAt: at };
  });
  const nc = await connect({ servers: o.natsUrl });
  try {
    const names = roomNames(o.room, branchOf({ demo: false, baseUrl: o.demo.baseUrl }));
    const kvm = new Kvm(nc);
    const store = { getDocument: () => null, putDocument: () => undefined } as unknown as OfflineStore;
    const problems: string[] = [];
    const writer = new SharedSites({
      bucket: (options) => kvm.create(names.bucket('sites'), options),
      local: () => sites,
      store: () => store,
      apply: () => 0,
      notify: () => undefined,
      deskName: ROOM_DEMO_AUTHOR,
      onProblem: (problem) => problems.push(problem),
    });
    await writer.joined();
    writer.stop();
    if (problems.length > 0) throw new Error(problems.join('; '));
    return sites.length;
  } finally {
    await nc.close();
  }
}
