import { describe, expect, it } from 'vitest';
import type { AlertRuleField, AlertRules, RoomSharedChange } from '../../../../src-main/contract';
import { defaultAlertRules } from '../../../../src-main/core/alerts/rules-schema';
import type { RuleChange, RuleChanges } from '../../../../src-main/core/alerts/rules-store';
import { MAX_SHARED_RULE_BYTES, readSharedRule, SharedRules, type SharedRule } from '../../../../src-main/core/room/shared-rules';
import { memoryKv } from '../../../support/memory-kv';

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const base = defaultAlertRules();
const lowFuelAt = (percent: number) => ({ ...base.lowFuel, belowPercent: percent });
const anaRule: SharedRule = { rule: 'lowFuel', value: lowFuelAt(30), by: 'Ana', at: '2026-03-10T10:42:00.000Z' };

/** A desk's rules and changes in memory, with what it was told. */
function desk(rules: AlertRules = base, changes: RuleChanges = {}) {
  const state = { rules: structuredClone(rules), changes: { ...changes } };
  const told: Array<Omit<RoomSharedChange, 'profileId'>> = [];
  const problems: string[] = [];
  const { kv, write, read, entries } = memoryKv();
  const shared = new SharedRules({
    bucket: async () => kv,
    local: () => state,
    apply: (field: AlertRuleField, value: unknown, change: RuleChange) => {
      state.rules = { ...state.rules, [field]: value };
      state.changes[field] = change;
    },
    notify: (change) => told.push(change),
    onProblem: (p) => problems.push(p),
  });
  return { state, told, problems, shared, write, read, entries };
}

describe('alert rules shared by the desks of a room', () => {
  it('on joining, a rule changed in the room later than here is taken, and the dispatcher is told who changed it', async () => {
    const d = desk(base, { lowFuel: { by: 'Ben', at: '2026-03-10T09:00:00.000Z' } });
    d.write('lowFuel', anaRule);
    await d.shared.joined();
    expect(d.state.rules.lowFuel.belowPercent).toBe(30);
    expect(d.told).toEqual([{ kind: 'rule', names: ['Low fuel'], how: 'changed', by: 'Ana', at: anaRule.at }]);
  });

  it('on joining, a rule changed here later than in the room is written over the room’s, and the dispatcher hears whose change it replaced', async () => {
    const d = desk({ ...base, lowFuel: lowFuelAt(40) }, { lowFuel: { by: 'Ben', at: '2026-03-10T11:00:00.000Z' } });
    d.write('lowFuel', anaRule);
    await d.shared.joined();
    expect(d.read<SharedRule>('lowFuel')).toMatchObject({ value: { belowPercent: 40 }, by: 'Ben' });
    expect(d.state.rules.lowFuel.belowPercent).toBe(40);
    expect(d.told).toEqual([{ kind: 'rule', names: ['Low fuel'], how: 'replaced', by: 'Ana', at: anaRule.at }]);
  });

  it('a rule never changed on any desk is not written: each desk keeps its defaults', async () => {
    const d = desk();
    await d.shared.joined();
    expect(d.entries.size).toBe(0);
    expect(d.told).toEqual([]);
  });

  it('a rule changed here after another desk wrote it unseen is still written (the later change wins), and the dispatcher is told whose it replaced', async () => {
    const d = desk();
    await d.shared.joined();
    d.write('lowFuel', anaRule); // another desk, while this one had not seen it
    d.state.rules = { ...d.state.rules, lowFuel: lowFuelAt(45) };
    d.state.changes.lowFuel = { by: 'Ben', at: '2026-03-10T10:43:00.000Z' };
    await d.shared.publish(['lowFuel']);
    expect(d.read<SharedRule>('lowFuel')).toMatchObject({ value: { belowPercent: 45 }, by: 'Ben' });
    expect(d.told).toEqual([{ kind: 'rule', names: ['Low fuel'], how: 'replaced', by: 'Ana', at: anaRule.at }]);
  });

  it('a rule from the room that this desk cannot keep is reported, and the desk’s rule stays', async () => {
    const d = desk();
    const refusing = new SharedRules({
      bucket: async () => {
        const { kv } = memoryKv();
        await kv.create('lowFuel', JSON.stringify(anaRule));
        return kv;
      },
      local: () => d.state,
      apply: () => {
        throw new Error('the disk is full');
      },
      notify: (c) => d.told.push(c),
      onProblem: (p) => d.problems.push(p),
    });
    await refusing.joined();
    expect(d.state.rules.lowFuel).toEqual(base.lowFuel);
    expect(d.problems.join(' ')).toMatch(/Low fuel rule from Ana could not be kept \(the disk is full\)/);
    expect(d.told).toEqual([]);
  });
});

describe('entries the watch brings', () => {
  /** What the watch would bring: an entry of a rule at a revision. */
  const arrive = (shared: SharedRules, rule: SharedRule, revision: number) =>
    (shared as unknown as { received(key: string, value: SharedRule, entry: { revision: number; isUpdate: boolean }): void }).received(rule.rule, rule, { revision, isUpdate: true });

  it('an entry older than the revision this desk wrote since is settled: not applied, not told', async () => {
    const d = desk();
    await d.shared.joined();
    d.state.rules = { ...d.state.rules, lowFuel: lowFuelAt(45) };
    d.state.changes.lowFuel = { by: 'Ben', at: '2026-03-10T10:43:00.000Z' };
    await d.shared.publish(['lowFuel']);
    const written = d.entries.get('lowFuel')!.revision;
    arrive(d.shared, anaRule, written - 1);
    expect(d.state.rules.lowFuel.belowPercent).toBe(45);
    expect(d.told).toEqual([]);
    // A newer one is news.
    arrive(d.shared, { ...anaRule, at: '2026-03-10T10:44:00.000Z' }, written + 1);
    expect(d.state.rules.lowFuel.belowPercent).toBe(30);
  });
});

describe('reading a rule from the room', () => {
  it('reads a valid rule filed under its own key', () => {
    expect(readSharedRule('lowFuel', bytes(anaRule))).toEqual(anaRule);
  });

  it('refuses a rule under another rule’s key, an invalid value, quiet mode, extra fields, and anything over the size cap', () => {
    expect(readSharedRule('stale', bytes(anaRule))).toBeNull();
    expect(readSharedRule('lowFuel', bytes({ ...anaRule, value: lowFuelAt(0) }))).toBeNull();
    expect(readSharedRule('lowFuel', bytes({ ...anaRule, value: { ...lowFuelAt(30), extra: 1 } }))).toBeNull();
    expect(readSharedRule('quiet', bytes({ ...anaRule, rule: 'quiet', value: true }))).toBeNull();
    expect(readSharedRule('lowFuel', bytes({ ...anaRule, token: 'x' }))).toBeNull();
    const padded = new Uint8Array(MAX_SHARED_RULE_BYTES + 1).fill(32);
    padded.set(bytes(anaRule));
    expect(readSharedRule('lowFuel', padded)).toBeNull();
  });
});
