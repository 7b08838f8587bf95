/**
 * Alert rules shared by the desks of a branch through the room server: one key-value
 * bucket, one key per rule (low fuel, no report, …), so two dispatchers changing two
 * different rules both keep their change. Quiet mode is not shared: it silences one
 * workstation's notifications.
 *
 * The later change wins, checked by revision: a desk writes a rule at the revision it last
 * saw; when another desk wrote that rule in between, the desk still writes its own when it
 * is the later change (by the time of change) and tells its dispatcher whose change it
 * replaced, or else takes the other desk's. Every desk watches the bucket and tells its
 * dispatcher which rule another desk changed.
 *
 * A rule changed while the server is away stays in the desk's rules file with the time of
 * the change; on joining again it is compared with the room's: the later change wins.
 */
import type { KV, KvEntry, KvWatchEntry } from '@nats-io/kv';
import * as v from 'valibot';
import { ALERT_RULE_FIELDS, ALERT_RULE_LABELS, AlertRulesSchema, plainText, type AlertRuleField, type AlertRuleKind, type AlertRules, type RoomSharedChange } from '../../contract';
import type { RuleChange, RuleChanges } from '../alerts/rules-store';
import { describe, IsoTimeSchema, readEntry, SharedBucket, writeChecked } from './shared-bucket';

/** Largest rule read from the room (a scope may list many machines). */
export const MAX_SHARED_RULE_BYTES = 512 * 1024;

const FIELDS = Object.values(ALERT_RULE_FIELDS);
const LABEL_OF = Object.fromEntries(Object.entries(ALERT_RULE_FIELDS).map(([kind, field]) => [field, ALERT_RULE_LABELS[kind as AlertRuleKind]])) as Record<AlertRuleField, string>;

/** One rule as the room carries it: which, its value, who changed it and when. */
export interface SharedRule {
  rule: AlertRuleField;
  value: unknown;
  by: string | null;
  at: string;
}

const SharedRuleSchema = v.strictObject({
  rule: v.picklist(FIELDS),
  value: v.unknown(),
  by: v.nullable(plainText(80, 'The dispatcher’s name')),
  at: IsoTimeSchema,
});

/** One entry from the room, or null for anything that is not a valid rule filed under its own key. */
export function readSharedRule(key: string, data: Uint8Array): SharedRule | null {
  const entry = readEntry(data, MAX_SHARED_RULE_BYTES, SharedRuleSchema);
  if (!entry || entry.rule !== key) return null;
  const value = v.safeParse(AlertRulesSchema.entries[entry.rule], entry.value);
  return value.success ? { ...entry, value: value.output } : null;
}

export interface SharedRulesOptions {
  bucket: (options: { history: number }) => Promise<KV>;
  /** This desk's rules, and who changed each one and when. */
  local: () => { rules: AlertRules; changes: RuleChanges };
  /** Keeps another desk's rule (already checked) as this desk's. */
  apply: (rule: AlertRuleField, value: unknown, change: RuleChange) => void;
  /** Tells the dispatcher of a change another desk made, or of one theirs replaced. */
  notify: (change: Omit<RoomSharedChange, 'profileId'>) => void;
  onProblem?: (problem: string) => void;
}

export class SharedRules extends SharedBucket<SharedRule> {
  /** The revision of each rule this desk last saw. */
  readonly #seen = new Map<string, number>();

  constructor(private readonly o: SharedRulesOptions) {
    super({ open: () => o.bucket({ history: 5 }), label: 'Alert rules', ...(o.onProblem ? { onProblem: o.onProblem } : {}) });
  }

  protected read(key: string, data: Uint8Array): SharedRule | null {
    return readSharedRule(key, data);
  }

  protected async reconcile(kv: KV): Promise<void> {
    // Revisions seen before time apart may belong to a bucket the server has since lost.
    this.#seen.clear();
    for (const field of FIELDS) await this.#reconcile(kv, field);
  }

  protected received(key: string, theirs: SharedRule, entry: KvWatchEntry): void {
    // A revision older than one this desk wrote or read since is already settled.
    if (entry.revision < (this.#seen.get(key) ?? 0)) return;
    this.#seen.set(key, entry.revision);
    const mine = this.#mine(theirs.rule);
    if (same(mine.value, theirs.value)) return;
    // Values read when the watch starts were compared on joining; a later local change of the same rule is on its way.
    if (!entry.isUpdate && mine.change && mine.change.at > theirs.at) return;
    this.#take(theirs);
  }

  /** Rules just changed on this desk. */
  async publish(fields: readonly AlertRuleField[]): Promise<void> {
    const kv = this.kv;
    if (!kv) return; // compared with the room's on the next join
    for (const field of fields) await this.#write(kv, field);
  }

  /** After time apart: the later change of each rule wins, and the dispatcher hears of the other. */
  async #reconcile(kv: KV, field: AlertRuleField): Promise<void> {
    const entry = await kv.get(field);
    const theirs = entry && entry.operation === 'PUT' ? readSharedRule(field, entry.value) : null;
    const mine = this.#mine(field);
    if (entry) this.#seen.set(field, entry.revision);
    if (!theirs) {
      // Rules never changed on any desk stay each desk's defaults.
      if (mine.change) await this.#write(kv, field);
      return;
    }
    if (same(mine.value, theirs.value)) return;
    if (mine.change && mine.change.at > theirs.at) await this.#write(kv, field, theirs);
    else this.#take(theirs);
  }

  #mine(field: AlertRuleField): { value: unknown; change: RuleChange | undefined } {
    const { rules, changes } = this.o.local();
    return { value: rules[field], change: changes[field] };
  }

  #take(theirs: SharedRule): void {
    try {
      this.o.apply(theirs.rule, theirs.value, { by: theirs.by, at: theirs.at });
    } catch (err) {
      this.problem(`The ${LABEL_OF[theirs.rule]} rule from ${theirs.by ?? 'another desk'} could not be kept (${describe(err)})`);
      return;
    }
    this.o.notify({ kind: 'rule', names: [LABEL_OF[theirs.rule]], how: 'changed', by: theirs.by, at: theirs.at });
  }

  /**
   * The later change wins: this desk's rule is written over an earlier one another desk
   * wrote meanwhile, and its dispatcher is told; a later one found there is taken instead.
   * `over`: the room's rule this desk knowingly writes over (after time apart).
   */
  async #write(kv: KV, field: AlertRuleField, over?: SharedRule): Promise<void> {
    const mine = this.#mine(field);
    const rule: SharedRule = { rule: field, value: mine.value, by: mine.change?.by ?? null, at: mine.change?.at ?? new Date().toISOString() };
    const replaced: SharedRule[] = over ? [over] : [];
    let later: SharedRule | null = null;
    try {
      await this.writing(field, () =>
        writeChecked(kv, field, rule, {
          seen: this.#seen,
          read: readSharedRule,
          merge: (ours, theirs: SharedRule | null, _entry: KvEntry) => {
            // A change made after this desk's (two desks rejoining at once, or clocks apart) stands.
            if (theirs && Date.parse(theirs.at) > Date.parse(ours.at)) {
              later = theirs;
              return null;
            }
            if (theirs && !same(theirs.value, ours.value)) replaced.push(theirs);
            return ours;
          },
        }),
      );
    } catch (err) {
      this.problem(`The ${LABEL_OF[field]} rule could not be shared with the room (${describe(err)})`);
      return;
    }
    const standing = later as SharedRule | null;
    if (standing) {
      if (!same(this.#mine(field).value, standing.value)) this.#take(standing);
      return;
    }
    const last = replaced.at(-1);
    if (last) this.o.notify({ kind: 'rule', names: [LABEL_OF[field]], how: 'replaced', by: last.by, at: last.at });
  }
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
