/**
 * When the core's worker is started again after it stopped, and when Fleet Desk stops
 * trying: a worker that dies is restarted after a floor that doubles with each recent
 * death, and after CORE_MAX_DEATHS deaths within CORE_DEATH_WINDOW_MS it is left stopped
 * (a core that keeps dying, on a list it cannot read say, must not restart in a hot loop).
 * A worker that stops answering the host's liveness ping for CORE_UNRESPONSIVE_MS is ended
 * and counts as a death.
 */

/** How often the host asks the worker whether it is alive. */
export const CORE_PING_EVERY_MS = 15_000;
/**
 * Silence after which the worker is taken as hung. A refresh's longest single task (the
 * whole read of the largest list the limits accept, on a slow and busy machine) must stay
 * well inside it: a live core is never ended for being busy.
 */
export const CORE_UNRESPONSIVE_MS = 180_000;
/** The wait before the first restart; each further death within the window doubles it. */
export const CORE_RESTART_FLOOR_MS = 2_000;
/** Deaths within CORE_DEATH_WINDOW_MS after which the core is not started again. */
export const CORE_MAX_DEATHS = 3;
export const CORE_DEATH_WINDOW_MS = 10 * 60_000;

export interface SupervisionTimes {
  pingEveryMs: number;
  unresponsiveMs: number;
  restartFloorMs: number;
  maxDeaths: number;
  deathWindowMs: number;
}

export const SUPERVISION: SupervisionTimes = {
  pingEveryMs: CORE_PING_EVERY_MS,
  unresponsiveMs: CORE_UNRESPONSIVE_MS,
  restartFloorMs: CORE_RESTART_FLOOR_MS,
  maxDeaths: CORE_MAX_DEATHS,
  deathWindowMs: CORE_DEATH_WINDOW_MS,
};

export class RestartPolicy {
  readonly #times: SupervisionTimes;
  #deaths: number[] = [];

  constructor(times: SupervisionTimes) {
    this.#times = times;
  }

  /** Records a death at `now`: the wait before the next start, or null when Fleet Desk gives up. */
  afterDeath(now: number): number | null {
    this.#deaths = this.#deaths.filter((at) => now - at < this.#times.deathWindowMs);
    this.#deaths.push(now);
    if (this.#deaths.length >= this.#times.maxDeaths) return null;
    return this.#times.restartFloorMs * 2 ** (this.#deaths.length - 1);
  }
}

/** "3 times in 10 minutes" for the give-up text. */
function within(times: SupervisionTimes): string {
  const minutes = Math.round(times.deathWindowMs / 60_000);
  const span = minutes >= 1 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.round(times.deathWindowMs / 1000)} seconds`;
  return `${times.maxDeaths} times in ${span}`;
}

/** The status bar's text while a new core is being started. */
export function restartingText(reason: string): string {
  return `Fleet Desk’s core stopped (${reason}); starting it again. The last loaded data stays on screen.`;
}

/** The status bar's text once Fleet Desk stops restarting the core. */
export function gaveUpText(times: SupervisionTimes): string {
  return `The core stopped ${within(times)}; restart Fleet Desk. The last loaded data stays on screen and your offline data is kept.`;
}
