import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MachineNote } from '../../../src-main/contract';
import { startDemoService, type DemoService } from '../../../src-main/demo';
import { waitFor } from '../../soak/harness';
import { natsServerMissing, startNatsServer, type NatsServer } from '../../support/nats-server';
import { startDesk, type Desk } from './desks';

const BOUND_MS = 60_000;

async function noteOn(desk: Desk, assetId: string): Promise<MachineNote | undefined> {
  return (await desk.core.handlers['notes:get']()).notes.find((n) => n.assetId === assetId);
}

describe.skipIf(natsServerMissing)('notes shared by two desks on a real room server', () => {
  let demo: DemoService;
  let nats: NatsServer;
  let a: Desk;
  let b: Desk;

  beforeAll(async () => {
    demo = await startDemoService({ seed: 11, assetCount: 30 });
    nats = await startNatsServer();
    [a, b] = await Promise.all(['Ana', 'Ben'].map((name) => startDesk(name, demo, nats.url)));
    const inRoom = (d: Desk) => d.room()?.state === 'polling' || d.room()?.state === 'following';
    await waitFor(() => inRoom(a) && inRoom(b), 'both desks in the room', BOUND_MS);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await nats?.close();
    await demo?.close();
  });

  it('a note written on either desk shows on the other, with who wrote it; removing it removes it there', async () => {
    await a.core.handlers['notes:set']({ assetId: 'thing:1', text: 'Left track squeaks' });
    const seen = await waitFor(async () => ((await noteOn(b, 'thing:1'))?.text === 'Left track squeaks' ? noteOn(b, 'thing:1') : null), 'Ben seeing Ana’s note', BOUND_MS);
    expect(seen.author).toBe('Ana');
    await b.core.handlers['notes:set']({ assetId: 'thing:1', text: 'Track fixed' });
    await waitFor(async () => (await noteOn(a, 'thing:1'))?.author === 'Ben', 'Ana seeing Ben’s note', BOUND_MS);
    await a.core.handlers['notes:set']({ assetId: 'thing:1', text: '' });
    await waitFor(async () => (await noteOn(b, 'thing:1')) === undefined, 'the note removed on Ben’s desk', BOUND_MS);
  });

  it('two desks writing one machine’s note while apart: the later wins, and the other’s text is kept as replaced', async () => {
    await nats.kill();
    await waitFor(() => a.room()?.state === 'unreachable' && b.room()?.state === 'unreachable', 'both desks alone', BOUND_MS);
    await a.core.handlers['notes:set']({ assetId: 'thing:2', text: 'Keys at the gate' });
    await new Promise((r) => setTimeout(r, 20)); // Ben's note is the later one
    await b.core.handlers['notes:set']({ assetId: 'thing:2', text: 'Keys with the foreman' });
    await nats.start();
    const [onA, onB] = await waitFor(
      async () => {
        const x = await noteOn(a, 'thing:2');
        const y = await noteOn(b, 'thing:2');
        return x?.text === 'Keys with the foreman' && y?.text === 'Keys with the foreman' && x.replaced && y.replaced ? [x, y] : null;
      },
      'both desks showing the later note and the replaced one',
      BOUND_MS,
    );
    expect(onA.replaced).toMatchObject({ text: 'Keys at the gate', author: 'Ana' });
    expect(onB.replaced).toMatchObject({ text: 'Keys at the gate', author: 'Ana' });
  });
});
