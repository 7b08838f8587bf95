/** A fake FleetDeskCore for shell tests: every handler is a spy, events are pushed by hand. */
import { vi } from 'vitest';
import { DEFAULT_SETTINGS, INVOKE_CHANNELS } from '../../../src-main/contract';
import type { EventSink, InvokeHandlers, Settings } from '../../../src-main/contract';
import type { FleetDeskCore } from '../../../src-main/core/ports';

export interface FakeCore extends FleetDeskCore {
  emit: EventSink;
  sinks: Set<EventSink>;
}

export const FAKE_SETTINGS: Settings = { ...DEFAULT_SETTINGS, staleAfterMin: 30, tileUrl: 'https://{s}.tiles.example/{z}/{x}/{y}.png' };

export function fakeCore(): FakeCore {
  const handlers = Object.fromEntries(INVOKE_CHANNELS.map((c) => [c, vi.fn(async () => null)])) as unknown as InvokeHandlers;
  handlers['settings:get'] = vi.fn(async () => FAKE_SETTINGS);
  handlers['profiles:list'] = vi.fn(async () => ({
    activeId: 'demo',
    profiles: [
      {
        id: 'demo',
        name: 'Demo',
        baseUrl: 'https://fleet.example/api/v1',
        aempUrl: 'https://aemp.example/feed',
        authorizeUrl: '',
        tokenUrl: '',
        clientId: '',
        scopes: '',
        builtIn: true,
        hasClientSecret: false,
        signedIn: true,
        embedOrigins: [],
        speedUnit: 'unstated' as const,
      },
    ],
  }));
  const sinks = new Set<EventSink>();
  return {
    handlers,
    sinks,
    subscribe(sink) {
      sinks.add(sink);
      return () => sinks.delete(sink);
    },
    emit: (name, payload) => {
      for (const sink of sinks) sink(name, payload);
    },
    start: vi.fn(async () => {}),
    stop: vi.fn(async () => {}),
  };
}
