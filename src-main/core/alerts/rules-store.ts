import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { ALERT_RULE_FIELDS, type AlertRuleField, type AlertRules } from '../../contract';
import { FleetError } from '../errors';
import { profileFileName } from '../store/profile-file-name';
import { AlertRulesSchema, defaultAlertRules, parseAlertRules } from './rules-schema';

export const RULES_FOLDER = 'alert-rules';

/** Who last changed one rule and when (ISO): this desk's dispatcher, or another desk of the room. */
export interface RuleChange {
  by: string | null;
  at: string;
}
export type RuleChanges = Partial<Record<AlertRuleField, RuleChange>>;

/** The file's field holding the rule changes beside the rules (never read as a rule). */
const CHANGES_FIELD = 'changes';
const RULE_FIELDS = Object.values(ALERT_RULE_FIELDS);

const RuleChangeSchema = v.strictObject({ by: v.nullable(v.pipe(v.string(), v.maxLength(80))), at: v.pipe(v.string(), v.maxLength(40), v.check((s) => !Number.isNaN(Date.parse(s)))) });

/** The rules whose value differs between two sets of rules. */
export function changedRules(before: AlertRules, after: AlertRules): AlertRuleField[] {
  return RULE_FIELDS.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Each profile's alert rules, as JSON in `userDataDir/alert-rules/<profile>.json` (no
 * secrets in them). A profile without a file has the default rules. A file that cannot be
 * used as a whole keeps every rule that is still valid; the others fall back to defaults
 * and a notice says which.
 */
export class AlertRulesStore {
  private readonly folder: string;
  private readonly cache = new Map<string, AlertRules>();
  private readonly changeCache = new Map<string, RuleChanges>();
  /** Per profile: what was wrong with its file when it was read. */
  private readonly notices = new Map<string, string>();

  constructor(userDataDir: string) {
    this.folder = join(userDataDir, RULES_FOLDER);
  }

  /** The rules of a profile; `demo` picks the demo branch's defaults when it has none saved. */
  get(profileId: string, options: { demo: boolean }): AlertRules {
    let rules = this.cache.get(profileId);
    if (!rules) {
      rules = this.load(profileId, defaultAlertRules(options));
      this.cache.set(profileId, rules);
    }
    return structuredClone(rules);
  }

  notice(profileId: string): string | null {
    return this.notices.get(profileId) ?? null;
  }

  /**
   * Checks and saves a profile's rules; throws `invalid-argument` or `storage` with a clear
   * message. `change`: who changed them and when, kept for each rule whose value changed
   * (a dispatch room compares these times with other desks' after time apart).
   */
  set(profileId: string, input: unknown, change?: RuleChange & { previous: AlertRules }): AlertRules {
    const rules = parseAlertRules(input);
    const changes = { ...this.changes(profileId) };
    if (change) for (const field of changedRules(change.previous, rules)) changes[field] = { by: change.by, at: change.at };
    this.write(profileId, rules, changes);
    return structuredClone(rules);
  }

  /** Who last changed each rule of a profile (rules never changed have none). */
  changes(profileId: string): RuleChanges {
    if (!this.changeCache.has(profileId)) this.changeCache.set(profileId, this.loadChanges(profileId));
    return structuredClone(this.changeCache.get(profileId) ?? {});
  }

  /** Another desk's rule, already checked, with who changed it and when. */
  setRule<F extends AlertRuleField>(profileId: string, field: F, value: AlertRules[F], change: RuleChange, options: { demo: boolean }): AlertRules {
    const rules = { ...this.get(profileId, options), [field]: value };
    this.write(profileId, parseAlertRules(rules), { ...this.changes(profileId), [field]: change });
    return structuredClone(rules);
  }

  private write(profileId: string, rules: AlertRules, changes: RuleChanges): void {
    const file = this.fileOf(profileId);
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      mkdirSync(this.folder, { recursive: true });
      writeFileSync(tmp, `${JSON.stringify({ ...rules, [CHANGES_FIELD]: changes }, null, 2)}\n`, { encoding: 'utf8', mode: 0o600 });
      renameSync(tmp, file);
    } catch (err) {
      throw new FleetError('storage', `The alert rules could not be saved: ${(err as Error).message}`, { cause: err });
    }
    this.cache.set(profileId, rules);
    this.changeCache.set(profileId, changes);
    this.notices.delete(profileId);
  }

  /** The changes kept in the file; a damaged entry is dropped (its rule then counts as never changed here). */
  private loadChanges(profileId: string): RuleChanges {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(this.fileOf(profileId), 'utf8'));
    } catch {
      return {};
    }
    const kept = isRecord(json) && isRecord(json[CHANGES_FIELD]) ? json[CHANGES_FIELD] : {};
    const changes: RuleChanges = {};
    for (const field of RULE_FIELDS) {
      const parsed = v.safeParse(RuleChangeSchema, kept[field]);
      if (parsed.success) changes[field] = parsed.output;
    }
    return changes;
  }

  /** Forgets a deleted profile's rules, so a later profile never inherits them. */
  remove(profileId: string): void {
    this.cache.delete(profileId);
    this.changeCache.delete(profileId);
    this.notices.delete(profileId);
    rmSync(this.fileOf(profileId), { force: true });
  }

  private fileOf(profileId: string): string {
    return join(this.folder, profileFileName(profileId).replace(/\.sqlite$/, '.json'));
  }

  private load(profileId: string, defaults: AlertRules): AlertRules {
    const file = this.fileOf(profileId);
    if (!existsSync(file)) return defaults;
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      this.notices.set(profileId, `The alert rules file could not be read (${(err as Error).message}); default rules are used until they are saved again.`);
      return defaults;
    }
    if (!isRecord(json)) {
      this.notices.set(profileId, 'The alert rules file is damaged; default rules are used until they are saved again.');
      return defaults;
    }
    const out: Record<string, unknown> = { ...defaults };
    const rejected: string[] = [];
    for (const [key, schema] of Object.entries(AlertRulesSchema.entries) as [string, v.GenericSchema][]) {
      if (!(key in json)) continue;
      const parsed = v.safeParse(schema, json[key]);
      if (parsed.success) out[key] = parsed.output;
      else rejected.push(key);
    }
    if (rejected.length > 0) this.notices.set(profileId, `Some alert rules were invalid and reset to their defaults: ${rejected.join(', ')}.`);
    return out as unknown as AlertRules;
  }
}
