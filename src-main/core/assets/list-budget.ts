/**
 * The work one asset list may cost, counted while it is read (whole or element by
 * element): metric entries per asset and per list, and the issues recorded. Entries past
 * a bound refuse the list with a message for people (the last good list stays, as for the
 * byte limit); issues past a bound are counted, not recorded, so a list of millions of
 * broken entries neither fills the heap with messages nor an event past what JSON can write.
 */
import type { ValueIssue } from '../../contract';
import { FleetError, scrubSecrets } from '../errors';
import { formatCount, MAX_ISSUES_PER_ASSET, MAX_ISSUES_PER_LIST, MAX_LIST_NESTING, MAX_METRIC_CELLS_PER_LIST, MAX_METRICS_PER_ASSET } from '../limits';

const KEPT = 'the last loaded list is kept';

export class ListBudget {
  #cells = 0;
  #issuesLeft = MAX_ISSUES_PER_LIST;

  /** Counts an asset's metric entries; throws 'bad-payload' past either bound. */
  takeMetrics(assetId: string, count: number): void {
    if (count > MAX_METRICS_PER_ASSET) {
      throw new FleetError(
        'bad-payload',
        scrubSecrets(
          `Asset ${assetId.slice(0, 40)} from the service has ${formatCount(count)} metrics, more than the ${formatCount(MAX_METRICS_PER_ASSET)} Fleet Desk reads for one asset; ${KEPT}`,
        ),
        { path: '$' },
      );
    }
    this.#cells += count;
    if (this.#cells > MAX_METRIC_CELLS_PER_LIST) {
      throw new FleetError(
        'bad-payload',
        `The asset list from the service has more than ${formatCount(MAX_METRIC_CELLS_PER_LIST)} metrics in all, more than Fleet Desk reads; ${KEPT}`,
        { path: '$' },
      );
    }
  }

  /** A log for one asset's issues, recording what the asset's and the list's bounds allow. */
  issueLog(): IssueLog {
    return new IssueLog(this);
  }

  /** The list's share of recorded issues is used up. */
  get spent(): boolean {
    return this.#issuesLeft === 0;
  }

  /** Takes up to `wanted` recordable issues from the list's share; returns how many were granted. */
  grant(wanted: number): number {
    const granted = Math.min(wanted, this.#issuesLeft);
    this.#issuesLeft -= granted;
    return granted;
  }

  /** Whether `count` recorded issues (of an asset read before) still fit in the list's share; takes them if so. */
  takeRecorded(count: number): boolean {
    if (count > this.#issuesLeft) return false;
    this.#issuesLeft -= count;
    return true;
  }
}

/** One asset's issues: the first ones recorded, the rest counted (see ListBudget). */
export class IssueLog {
  readonly #budget: ListBudget;
  readonly #recorded: ValueIssue[] = [];
  #untold = 0;

  constructor(budget: ListBudget) {
    this.#budget = budget;
  }

  /** No further issue will be recorded (callers may skip wording one). */
  get full(): boolean {
    return this.#recorded.length >= MAX_ISSUES_PER_ASSET || this.#budget.spent;
  }

  push(issue: ValueIssue): void {
    if (this.#recorded.length < MAX_ISSUES_PER_ASSET && this.#budget.grant(1) === 1) this.#recorded.push(issue);
    else this.#untold++;
  }

  get length(): number {
    return this.#recorded.length + this.#untold;
  }

  /** The recorded issues, scrubbed, then one entry counting the rest. */
  issues(): ValueIssue[] {
    const out = this.#recorded;
    for (const issue of out) issue.message = scrubSecrets(issue.message);
    if (this.#untold > 0) out.push({ metric: '', path: '', message: `and ${formatCount(this.#untold)} more ${this.#untold === 1 ? 'issue' : 'issues'}` });
    return out;
  }
}

/** The error for a list nested deeper than MAX_LIST_NESTING. */
export function tooDeepError(): FleetError {
  return new FleetError(
    'bad-payload',
    `The asset list from the service is nested more than ${MAX_LIST_NESTING} levels deep, deeper than Fleet Desk reads; ${KEPT}`,
    { path: '$' },
  );
}
