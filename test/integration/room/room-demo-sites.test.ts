import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomSharedChange, SitesState } from '../../../src-main/contract';
import { startDemoService, type DemoService } from '../../../src-main/demo';
import { demoSites } from '../../../src-main/demo/demo-sites';
import { ROOM_DEMO_AUTHOR, seedRoomSites } from '../../../src-main/demo/room-demo-sites';
import { waitFor } from '../../soak/harness';
import { natsServerMissing, startNatsServer, type NatsServer } from '../../support/nats-server';
import { startDesk, type Desk } from './desks';

describe.skipIf(natsServerMissing)('the demo room starts with the demo’s sites', () => {
  let demo: DemoService;
  let nats: NatsServer;
  let desk: Desk | undefined;

  beforeAll(async () => {
    demo = await startDemoService({ seed: 11, assetCount: 30 });
    nats = await startNatsServer();
  });

  afterAll(async () => {
    await desk?.stop();
    await nats?.close();
    await demo?.close();
  });

  it('a desk joining the room shows them, told they come from the room', async () => {
    // The room the desks of desks.ts join.
    const count = await seedRoomSites({ natsUrl: nats.url, room: 'yard', demo });
    expect(count).toBe(demoSites(demo.places).length);
    desk = await startDesk('Ana', demo, nats.url);
    const state = await waitFor(async () => {
      const s = (await desk!.core.handlers['sites:get']()) as SitesState;
      return s.sites.length === count ? s : null;
    }, 'the room’s sites on the desk', 60_000);
    expect(new Set(state.sites.map((s) => s.name))).toEqual(new Set(demoSites(demo.places).map((s) => s.name)));
    const told = desk.events.filter((e) => e.name === 'room:shared').map((e) => e.payload as RoomSharedChange);
    expect(told.some((c) => c.kind === 'site' && c.how === 'changed' && c.by === ROOM_DEMO_AUTHOR && c.names.length === count)).toBe(true);
  });
});
