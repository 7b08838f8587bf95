import type { FleetSimulation } from '../sim';

/**
 * Switches that make the demo's fleet feed behave like the real-world variants of
 * docs/service.md, "Field notes: fleet feeds", so the client's parsers and loop guards are exercised end to end.
 */
export interface AempVariant {
  /** every listing page links `next` to itself */
  nextEqualsSelf?: boolean;
  /** `Hour` as an ISO 8601 duration (`PT13H28M30S`) instead of a decimal */
  hourAsDuration?: boolean;
  /** every number sent as a string */
  numbersAsStrings?: boolean;
  /** keys in camelCase (`links`, `equipment`, `equipmentHeader` …) */
  lowercaseKeys?: boolean;
  /** XML: `datetime` as an attribute; JSON: spelled `dateTime` */
  datetimeAsAttribute?: boolean;
  /** distances in miles and altitude in feet instead of kilometres and metres */
  imperialUnits?: boolean;
  /** listings without Links (clients must count pages) */
  noLinks?: boolean;
  /** what a page past the end answers: 404 (default), 400, or an empty list */
  pastEnd?: 404 | 400 | 'empty';
  /** every n-th fleet request is throttled */
  throttleEvery?: number;
  /** status used for throttling: 429 (default), 405 or 503 */
  throttleStatus?: 429 | 405 | 503;
  /** Retry-After seconds sent with throttling; default 1 */
  retryAfterSec?: number;
  /** history records per page; default 500 */
  historyPageSize?: number;
}

interface VariantState {
  variant: AempVariant;
  requests: number;
}

const states = new WeakMap<FleetSimulation, VariantState>();

function stateOf(sim: FleetSimulation): VariantState {
  let state = states.get(sim);
  if (!state) {
    state = { variant: {}, requests: 0 };
    states.set(sim, state);
  }
  return state;
}

/**
 * Sets the feed variant of a running demo service (`setAempVariant(service.sim, {...})`);
 * `{}` restores the plain feed. Keyed by the service's simulation, so services running
 * side by side in one test process do not share switches.
 */
export function setAempVariant(sim: FleetSimulation, variant: AempVariant): void {
  const state = stateOf(sim);
  state.variant = { ...variant };
  state.requests = 0;
}

export function aempVariantOf(sim: FleetSimulation): AempVariant {
  return stateOf(sim).variant;
}

/** Counts a fleet request; true when this one is to be throttled. */
export function countAndCheckThrottle(sim: FleetSimulation): boolean {
  const state = stateOf(sim);
  state.requests += 1;
  const every = state.variant.throttleEvery;
  return every !== undefined && every > 0 && state.requests % every === 0;
}
