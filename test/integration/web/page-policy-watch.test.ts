/** The page-policy watch on its own: both ways a core relays events, and a policy that could not be read. */
import { describe, expect, it } from 'vitest';
import type { EventChannel, EventSink, Profile, ProfilesState } from '../../../src-main/contract';
import type { SerializedEventSink, ThreadedCore } from '../../../src-main/app/core-thread/serialized';
import { missingFrameSources, watchPagePolicy } from '../../../src-main/web/page-policy-watch';

const profile = (id: string, baseUrl: string): Profile => ({
  id,
  name: id,
  baseUrl,
  aempUrl: '',
  authorizeUrl: '',
  tokenUrl: '',
  clientId: '',
  scopes: '',
  builtIn: id === 'demo',
  hasClientSecret: false,
  signedIn: true,
  embedOrigins: [],
  speedUnit: 'unstated',
});
const north = profile('north', 'https://api.north-fleet.example/v1');
const demo = profile('demo', 'http://127.0.0.1:4100/v1');
const state = (activeId: string): ProfilesState => ({ profiles: [north, demo], activeId });
const NORTH_FRAMES = ['https://north-fleet.example:*', 'https://*.north-fleet.example:*', 'http://north-fleet.example:*', 'http://*.north-fleet.example:*'];

/** A core relaying events as JSON bytes (the worker core), with the events pushed by hand. */
function serializedCore() {
  const objectSinks = new Set<EventSink>();
  const serializedSinks = new Set<SerializedEventSink>();
  const core = {
    handlers: {},
    subscribe: (sink: EventSink) => (objectSinks.add(sink), () => objectSinks.delete(sink)),
    subscribeSerialized: (sink: SerializedEventSink) => (serializedSinks.add(sink), () => serializedSinks.delete(sink)),
    invokeSerialized: async () => new Uint8Array(),
    start: async () => {},
    stop: async () => {},
  } as unknown as ThreadedCore;
  const emit = (name: EventChannel, payload: unknown) => {
    const json = new TextEncoder().encode(JSON.stringify({ name, payload }));
    for (const sink of serializedSinks) sink(name, json);
  };
  return { core, emit, serializedSinks };
}

describe('watchPagePolicy', () => {
  it('names the frame sources the active profile needs that the served policy lacks', () => {
    expect(missingFrameSources(state('north'), new Set(NORTH_FRAMES))).toEqual([]);
    expect(missingFrameSources(state('demo'), new Set(NORTH_FRAMES))).toEqual(['https://127.0.0.1:*', 'http://127.0.0.1:*']);
  });

  it('worker core: passes every event on as it came, and adds page:reload-needed after a switch the page policy lacks', async () => {
    const { core, emit, serializedSinks } = serializedCore();
    const watch = watchPagePolicy(core, () => ({ images: [], frames: NORTH_FRAMES }));
    const seen: { name: string; json: string }[] = [];
    const relayed = watch.core as ThreadedCore;
    const off = relayed.subscribeSerialized((name, json) => seen.push({ name, json: new TextDecoder().decode(json) }));
    await watch.allowedOrigins(); // the page is served
    emit('status', { state: 'online' });
    emit('profiles:changed', state('demo'));
    emit('profiles:changed', state('demo')); // told once
    emit('profiles:changed', state('north'));
    expect(seen.map((s) => s.name)).toEqual(['status', 'profiles:changed', 'page:reload-needed', 'profiles:changed', 'profiles:changed', 'page:reload-needed']);
    expect(seen.filter((s) => s.name === 'page:reload-needed').map((s) => JSON.parse(s.json))).toEqual([
      { name: 'page:reload-needed', payload: { needed: true } },
      { name: 'page:reload-needed', payload: { needed: false } },
    ]);
    off();
    expect(serializedSinks.size).toBe(0); // the shell's close leaves no listener on the core
  });

  it('tells nothing before a page was served, and counts a policy that could not be read as no frames at all', async () => {
    const { core, emit } = serializedCore();
    let fail = false;
    const watch = watchPagePolicy(core, () => {
      if (fail) throw new Error('profiles unreadable');
      return { images: [], frames: NORTH_FRAMES };
    });
    const told: string[] = [];
    (watch.core as ThreadedCore).subscribeSerialized((name) => told.push(name));
    emit('profiles:changed', state('demo'));
    expect(told).toEqual(['profiles:changed']);
    fail = true;
    await expect(watch.allowedOrigins()).rejects.toThrow('profiles unreadable');
    emit('profiles:changed', state('north'));
    expect(told.at(-1)).toBe('page:reload-needed');
  });
});
