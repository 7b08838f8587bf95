/**
 * The web shell's page policy (CSP) is fixed when the page loads, and its `frame-src`
 * names the embed sites of the profiles known then (the built-in demo only while it is
 * active: its loopback port is not held otherwise). After a profile switch, or an edit of
 * the active profile, whose embed sites the served policy lacks, the browser would block
 * the branch map until a reload. The core cannot know which policy a page was served
 * with; the shell does, so it compares here and tells the page ('page:reload-needed').
 *
 * One page per shell is the expected use: the policy compared with is the one of the
 * last page served (a reload serves the new policy and starts over).
 */
import type { EventChannel, FleetEvents, ProfilesState } from '../contract';
import { asBuffer, isSerializedCore, type SerializedEventSink } from '../app/core-thread/serialized';
import type { CspOrigins } from '../core/csp';
import { embedFrameSources, embedPolicy } from '../core/embed/embed-policy';
import type { FleetDeskCore } from '../core/ports';
import type { EventSink } from '../contract';

const EVENT = 'page:reload-needed' satisfies EventChannel;

/** The frame sources the active profile's embed maps need that `served` lacks. */
export function missingFrameSources(state: ProfilesState, served: ReadonlySet<string>): string[] {
  const active = state.profiles.find((p) => p.id === state.activeId);
  if (!active) return [];
  return embedFrameSources(embedPolicy(active)).filter((source) => !served.has(source));
}

export interface PagePolicyWatch {
  /** The core as the shell relays it: its events, plus 'page:reload-needed'. */
  core: FleetDeskCore;
  /** The page's extra CSP sources, remembered as the policy the page was served with. */
  allowedOrigins: () => Promise<CspOrigins>;
}

export function watchPagePolicy(core: FleetDeskCore, allowedOrigins: () => Promise<CspOrigins> | CspOrigins): PagePolicyWatch {
  /** Frame sources of the last page served; null before any (nothing to compare with). */
  let served: ReadonlySet<string> | null = null;
  /** What the page was last told (a newly served page starts with nothing to reload). */
  let told = false;
  const objectSinks = new Set<EventSink>();
  const serializedSinks = new Set<SerializedEventSink>();

  function tell(needed: boolean): void {
    if (needed === told) return;
    told = needed;
    const payload: FleetEvents[typeof EVENT] = { needed };
    for (const sink of objectSinks) sink(EVENT, payload);
    if (serializedSinks.size > 0) {
      const json = new TextEncoder().encode(JSON.stringify({ name: EVENT, payload }));
      for (const sink of serializedSinks) sink(EVENT, json);
    }
  }

  function profilesChanged(state: ProfilesState): void {
    if (served === null) return;
    tell(missingFrameSources(state, served).length > 0);
  }

  const subscribe = (sink: EventSink): (() => void) => {
    objectSinks.add(sink);
    const off = core.subscribe((name, payload) => {
      sink(name, payload);
      if (name === 'profiles:changed') profilesChanged(payload as ProfilesState);
    });
    return () => {
      objectSinks.delete(sink);
      off();
    };
  };

  const subscribeSerialized = (sink: SerializedEventSink): (() => void) => {
    if (!isSerializedCore(core)) throw new Error('This core relays events as objects.');
    serializedSinks.add(sink);
    const off = core.subscribeSerialized((name, json) => {
      sink(name, json);
      // Only this small event is read on the shell's thread; every other one passes unparsed.
      if (name === 'profiles:changed') {
        try {
          profilesChanged((JSON.parse(asBuffer(json).toString('utf8')) as { payload: ProfilesState }).payload);
        } catch {
          // Not readable: the page keeps what it was told; the core check still guards the maps.
        }
      }
    });
    return () => {
      serializedSinks.delete(sink);
      off();
    };
  };

  // Every other member (handlers, tiles, start, stop, the serialized calls) is the core's own.
  const relayed = new Proxy(core, {
    get(target, prop) {
      if (prop === 'subscribe') return subscribe;
      if (prop === 'subscribeSerialized' && isSerializedCore(target)) return subscribeSerialized;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });

  return {
    core: relayed,
    async allowedOrigins() {
      try {
        const origins = await allowedOrigins();
        served = new Set(origins.frames);
        return origins;
      } catch (err) {
        served = new Set(); // the shell serves the page's own sources only
        throw err;
      } finally {
        told = false;
      }
    },
  };
}
