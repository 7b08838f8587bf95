/**
 * Fetches the CumulativeOperatingHours histories of a range's linked machines in the
 * background and keeps each machine-day in the store.
 *
 * - What is left to fetch is read from the store: a machine-day cut in the same zone is
 *   done, except today (refetched until it is over). So a fetch stopped by a restart or a
 *   cancel resumes by asking for the same range again, and a past day is fetched once.
 * - One request per machine (paged as the service pages it), spanning its first to its last
 *   missing day, from a little before the first day's midnight so hours that straddle it
 *   are split between the days.
 * - A few machines at a time; throttling answers wait as long as `Retry-After` says (the
 *   HTTP client's retry policy); a machine that fails is listed and the others go on.
 * - Cancellable: the abort reaches the requests in flight.
 * - Yields to the event loop between machines, so calls of the rest of the app keep being
 *   answered while a large fleet is fetched.
 */
import type { HistoryPoint, ParseIssue, UtilizationProgress } from '../../contract';
import { FleetError, scrubSecrets } from '../errors';
import type { StoredUtilizationDay, UtilizationStore } from '../ports';
import type { DayBounds } from './days';
import { hoursPerDay } from './hours-per-day';
import { historyReadings, type LinkedMachine } from './sources';

/** Machines whose histories are asked for at once. */
export const HISTORY_CONCURRENCY = 4;
/** How far before the first missing day's midnight a history starts. */
export const LOOKBACK_MS = 6 * 3_600_000;

/** The part of the fleet client the fetcher uses. */
export interface HistorySource {
  getHistory(
    identifier: string,
    metric: 'CumulativeOperatingHours',
    start: Date,
    end: Date,
    options: { signal?: AbortSignal; feedOrder?: boolean },
  ): Promise<{ points: HistoryPoint[]; issues: ParseIssue[] }>;
}

export interface FetchJob {
  profileId: string;
  zone: string;
  bounds: readonly DayBounds[];
  machines: readonly LinkedMachine[];
}

export interface HistoryFetcherDeps {
  source: HistorySource;
  store: UtilizationStore;
  emit: (progress: UtilizationProgress) => void;
  now: () => number;
  concurrency?: number;
}

/** One machine's missing span: day indexes [first, last] of the range. */
interface Task {
  machine: LinkedMachine;
  first: number;
  last: number;
  /** Machine-days of the span still to fetch (cached days inside the span are refetched but count as done). */
  missing: number;
}

/** The day that holds `now`, as an index into bounds (-1 before the range, bounds.length after it). */
function todayIndex(bounds: readonly DayBounds[], now: number): number {
  if (now < bounds[0].start) return -1;
  for (let i = 0; i < bounds.length; i++) if (now < bounds[i].end) return i;
  return bounds.length;
}

/** What is left of a job, from what the store holds. */
export function planFetch(job: FetchJob, store: UtilizationStore, now: number): { tasks: Task[]; total: number; done: number } {
  const { bounds } = job;
  const today = todayIndex(bounds, now);
  // Days that have begun can be fetched; days to come cannot and are not counted.
  const fetchable = Math.min(bounds.length, today + 1);
  if (fetchable <= 0) return { tasks: [], total: 0, done: 0 };
  const cached = new Map<string, Set<string>>();
  for (const machine of store.machineDays(bounds[0].day, bounds[fetchable - 1].day, job.zone)) cached.set(machine.assetId, new Set(machine.days));
  const tasks: Task[] = [];
  let total = 0;
  let done = 0;
  for (const machine of job.machines) {
    const have = cached.get(machine.assetId);
    let first = -1;
    let last = -1;
    let missing = 0;
    for (let i = 0; i < fetchable; i++) {
      total++;
      if (i !== today && have?.has(bounds[i].day)) {
        done++;
        continue;
      }
      missing++;
      if (first < 0) first = i;
      last = i;
    }
    if (first >= 0) tasks.push({ machine, first, last, missing });
  }
  return { tasks, total, done };
}

function messageOf(err: unknown): string {
  if (err instanceof FleetError) return scrubSecrets(err.message);
  return scrubSecrets(err instanceof Error ? err.message : String(err));
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class HistoryFetcher {
  private controller: AbortController | null = null;
  private running: Promise<UtilizationProgress> | null = null;
  private readonly superseded = new WeakSet<AbortController>();

  constructor(private readonly deps: () => HistoryFetcherDeps) {}

  /** Starts a job (stopping one under way) and returns its first progress; the rest arrives by `emit`. */
  start(job: FetchJob): UtilizationProgress {
    // The job it replaces says nothing more: its progress would read as this one's.
    if (this.controller) this.superseded.add(this.controller);
    this.cancel();
    const deps = this.deps();
    const controller = new AbortController();
    this.controller = controller;
    const { tasks, total, done } = planFetch(job, deps.store, deps.now());
    const progress: UtilizationProgress = { profileId: job.profileId, state: tasks.length === 0 ? 'done' : 'running', total, done, etaMs: null, failures: [], message: null };
    const first = { ...progress, failures: [] };
    if (tasks.length === 0) {
      this.running = Promise.resolve(progress);
      return first;
    }
    this.running = this.run(job, tasks, progress, controller, deps);
    return first;
  }

  /** Stops the job under way (its machine-days fetched so far stay in the store). */
  cancel(): void {
    this.controller?.abort();
    this.controller = null;
  }

  /** The last progress of the job under way or last run, once it has ended. */
  settled(): Promise<UtilizationProgress | null> {
    return this.running ?? Promise.resolve(null);
  }

  private async run(job: FetchJob, tasks: Task[], progress: UtilizationProgress, controller: AbortController, deps: HistoryFetcherDeps): Promise<UtilizationProgress> {
    const started = deps.now();
    const doneAtStart = progress.done;
    const emit = (p: UtilizationProgress) => {
      if (!this.superseded.has(controller)) deps.emit(p);
    };
    const announce = () => {
      const fetchedSoFar = progress.done - doneAtStart;
      const left = progress.total - progress.done;
      progress.etaMs = fetchedSoFar > 0 ? Math.round(((deps.now() - started) / fetchedSoFar) * left) : null;
      emit({ ...progress, failures: [...progress.failures] });
    };
    emit({ ...progress, failures: [] });
    let next = 0;
    const worker = async () => {
      while (!controller.signal.aborted && next < tasks.length) {
        const task = tasks[next++];
        try {
          await this.fetchOne(job, task, controller.signal, deps);
        } catch (err) {
          if (controller.signal.aborted) return;
          progress.failures.push({ assetId: task.machine.assetId, message: messageOf(err) });
        }
        progress.done += task.missing;
        announce();
        await nextTurn();
      }
    };
    const workers = Array.from({ length: Math.min(deps.concurrency ?? HISTORY_CONCURRENCY, tasks.length) }, () => worker());
    await Promise.all(workers);
    if (controller.signal.aborted) {
      progress.state = 'cancelled';
      progress.message = 'Fetching histories was cancelled; what was fetched is kept, and fetching again resumes.';
    } else if (progress.failures.length === tasks.length) {
      progress.state = 'failed';
      progress.message = `No history could be fetched: ${progress.failures[0].message}`;
    } else {
      progress.state = 'done';
    }
    progress.etaMs = null;
    emit({ ...progress, failures: [...progress.failures] });
    if (this.controller === controller) this.controller = null;
    return progress;
  }

  private async fetchOne(job: FetchJob, task: Task, signal: AbortSignal, deps: HistoryFetcherDeps): Promise<void> {
    const span = job.bounds.slice(task.first, task.last + 1);
    const now = deps.now();
    const start = new Date(span[0].start - LOOKBACK_MS);
    const end = new Date(Math.min(span[span.length - 1].end, now));
    // In the feed's order, so readings sent out of order are seen and marked.
    const { points, issues } = await deps.source.getHistory(task.machine.identifier, 'CumulativeOperatingHours', start, end, { signal, feedOrder: true });
    if (signal.aborted) return;
    // A walk that stopped before the feed's end (see aemp/paginate.ts) tells nothing of the
    // days after its last reading: those stay unfetched, to be asked again.
    const stopped = issues.find((i) => i.path === 'Links') ?? null;
    const { hours, marks } = hoursPerDay(historyReadings(points), span, { identity: task.machine.identity });
    const fetchedAt = new Date(now).toISOString();
    const rows: StoredUtilizationDay[] = [];
    span.forEach((b, i) => {
      if (stopped && hours[i] === null) return;
      rows.push({
        assetId: task.machine.assetId,
        day: b.day,
        hours: hours[i],
        marks: marks.filter((m) => m.day === i).map((m) => ({ kind: m.kind, count: m.count })),
        source: 'aemp',
        fetchedAt,
      });
    });
    deps.store.putDays(job.zone, rows);
    if (stopped) throw new FleetError('bad-payload', stopped.message);
  }
}
