/**
 * One rule, one place: each shared rule is fed through the renderer's
 * form check, the IPC argument check and the store (or the other main-side reader of the
 * same value), with its edge values. All places must accept the same values and refuse
 * the same ones with the same sentence for people. A place that re-declared its own
 * limit would make one of these rows fail.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, defaultPlaceRules, type AlertRules, type ProfileInput } from '../../../src-main/contract';
import { FleetError } from '../../../src-main/core/errors';
import { validateInvoke } from '../../../src-main/core/ipc/validate-args';
import { SettingsStore } from '../../../src-main/core/settings/settings-store';
import { AlertRulesStore } from '../../../src-main/core/alerts/rules-store';
import { validateProfileInput } from '../../../src-main/core/auth/profiles';
import { normalizeAssetList } from '../../../src-main/core/assets/asset-schema';
import { toForm, validateSettings, type SettingsForm } from '../../../src-renderer/src/lib/settings/validate';
import { toRulesForm, validateRulesForm, type RulesForm } from '../../../src-renderer/src/lib/alerts/rules-form';
import { checkIdentifier } from '../../../src-renderer/src/lib/aemp/progress';
import { checkRange, toLocalInput } from '../../../src-renderer/src/lib/aemp/date-range';
import { emptyDraft, validateDraft, type ProfileDraft } from '../../../src-renderer/src/views/connection/profile-form';
import { embedRequestProblem } from '../../../src-renderer/src/lib/embed/request-check';

/** What one place said about a value: accepted, or the sentence it refused it with. */
type Verdict = { ok: true } | { ok: false; message: string };

const accepted: Verdict = { ok: true };
/** Sentences end with a full stop in some places (IPC, dialogs) and not in others (fields): compare without it. */
const sentence = (message: string) => message.replace(/\.$/, '');

function thrown(run: () => unknown): Verdict {
  try {
    run();
    return accepted;
  } catch (err) {
    if (!(err instanceof FleetError) || err.kind !== 'invalid-argument') throw err;
    return { ok: false, message: err.message };
  }
}

/** The IPC check's verdict with the rule's own sentence (its message starts with it, then names the argument). */
function ipc(channel: string, args: unknown[]): Verdict {
  const v = thrown(() => validateInvoke(channel, args));
  if (v.ok) return v;
  const rule = / \((?:Fleet Desk refused [^)]*)\)$/.exec(v.message);
  expect(rule, `the IPC message names the argument in words: ${v.message}`).not.toBeNull();
  expect(v.message).not.toMatch(/\$\[|\$\./);
  return { ok: false, message: sentence(v.message.slice(0, rule!.index)) };
}

function same(verdicts: Record<string, Verdict>, expected: Verdict): void {
  for (const [place, verdict] of Object.entries(verdicts)) {
    const got = verdict.ok ? verdict : { ok: false, message: sentence(verdict.message) };
    expect(got, place).toEqual(expected.ok ? expected : { ok: false, message: sentence(expected.message) });
  }
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fd-rules-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// ---------------------------------------------------------------- settings

type NumberSetting = 'refreshIntervalSec' | 'staleAfterMin' | 'retentionDays' | 'tileCacheMb';

const NUMBER_RULES: { key: NumberSetting; good: number[]; bad: number[]; message: string }[] = [
  { key: 'refreshIntervalSec', good: [15, 7200, 86_400], bad: [14, 86_401, 0], message: 'Refresh every 15 s to 24 h (86,400 s)' },
  { key: 'staleAfterMin', good: [1, 10_080], bad: [0, 10_081], message: 'Minutes without a report must be a whole number from 1 to 10,080 (a week)' },
  { key: 'retentionDays', good: [1, 365], bad: [0, 366, 3650], message: 'Keep positions and readings for 1 to 365 days' },
  { key: 'tileCacheMb', good: [10, 5000], bad: [9, 5001], message: 'Keep 10 to 5,000 MB of map tiles' },
];

function settingVerdicts(key: keyof SettingsForm, typed: string, sent: unknown): Record<string, Verdict> {
  const form = validateSettings({ ...toForm(DEFAULT_SETTINGS), [key]: typed });
  return {
    form: form.ok ? accepted : { ok: false, message: form.errors[key] ?? `(no message for ${key})` },
    ipc: ipc('settings:set', [{ [key]: sent }]),
    store: thrown(() => new SettingsStore(dir).update({ [key]: sent })),
  };
}

describe.each(NUMBER_RULES)('setting $key', ({ key, good, bad, message }) => {
  it.each(good)('accepts %d everywhere', (n) => same(settingVerdicts(key, String(n), n), accepted));
  it.each(bad)('refuses %d everywhere with the same sentence', (n) => same(settingVerdicts(key, String(n), n), { ok: false, message }));
  it('refuses a fraction everywhere', () => same(settingVerdicts(key, '30.5', 30.5), { ok: false, message }));
});

describe.each([
  { key: 'theme' as const, good: ['system', 'light', 'dark'], bad: 'blue', message: 'Choose the system, light or dark theme' },
  { key: 'units' as const, good: ['metric', 'imperial'], bad: 'furlongs', message: 'Choose metric or imperial units' },
  {
    key: 'tileUrl' as const,
    good: ['', 'http://127.0.0.1:8080/{z}/{x}/{y}.png', 'https://{s}.tiles.example/{z}/{x}/{y}.png'],
    bad: 'ftp://tiles.example/{z}/{x}/{y}.png',
    message: 'The tile address is empty or an http:// or https:// address with {z}, {x} and {y}, such as http://127.0.0.1:8080/{z}/{x}/{y}.png',
  },
])('setting $key', ({ key, good, bad, message }) => {
  it.each(good)('accepts %s everywhere', (value) => same(settingVerdicts(key, value, value), accepted));
  it(`refuses ${bad} everywhere with the same sentence`, () => same(settingVerdicts(key, bad, bad), { ok: false, message }));
});

describe('tile address placeholders', () => {
  const message =
    'In the tile address, {z}, {x}, {y} and {s} may stand only in the path or the query, not in the host, port or after #; {s} may also be the first part of the host, as in https://{s}.tile.example/{z}/{x}/{y}.png';
  it.each([
    'https://tile.example:{x}/{z}/{y}.png',
    'https://{z}.tile.example/{x}/{y}.png',
    'https://tile{x}.example/{z}/{y}.png',
    'https://tile.example{r}/{z}/{x}/{y}.png',
    'https://a.{s}.tile.example/{z}/{x}/{y}.png',
    'https://{s}{s}.tile.example/{z}/{x}/{y}.png',
    'https://tile.example/{z}/{x}/{y}.png#{s}',
  ])('refuses %s everywhere with the sentence saying where placeholders may stand', (url) => same(settingVerdicts('tileUrl', url, url), { ok: false, message }));

  it.each(['https://{s}.tile.example:8443/{z}/{x}/{y}{r}.png', 'https://tile.example/tiles?z={z}&x={x}&y={y}&s={s}'])('accepts %s everywhere', (url) =>
    same(settingVerdicts('tileUrl', url, url), accepted),
  );
});

describe('list settings (no form: the list writes them)', () => {
  it.each([
    [{ sort: 'colour' }, 'The list sorts by the name or one of its columns'],
    [{ columns: ['id', 'id'] }, 'A column is shown only once'],
    [{ columns: ['password'] }, 'This is not a column of the list'],
  ])('%j is refused by the IPC check and the store alike', (patch, message) => {
    const list = { ...DEFAULT_SETTINGS.list, ...patch };
    same({ ipc: ipc('settings:set', [{ list }]), store: thrown(() => new SettingsStore(dir).update({ list })) }, { ok: false, message });
  });
});

// ---------------------------------------------------------------- profiles

const draft: ProfileDraft = { ...emptyDraft(), name: 'North', baseUrl: 'https://north.example.com/v1', authorizeUrl: 'https://a.example.com/authorize', tokenUrl: 'https://a.example.com/token', clientId: 'desk' };
/** The draft as the profile input it stands for (the room group is sent as `room` only when a room server is given). */
const inputOf = ({ roomUrl: _url, roomName: _name, roomAuth: _auth, roomUser: _user, roomSecret: _secret, roomCaFile: _ca, roomSecretSaved: _saved, ...d }: ProfileDraft): ProfileInput => ({
  ...d,
  embedOrigins: d.embedOrigins.split(/\s+/).filter(Boolean),
  clientSecret: undefined,
});

function profileVerdicts(d: ProfileDraft): Record<string, Verdict> {
  const errors = Object.values(validateDraft(d));
  const input = inputOf(d);
  return {
    form: errors.length ? { ok: false, message: errors[0] } : accepted,
    ipc: ipc('profiles:save', [input]),
    store: thrown(() => validateProfileInput(input)),
  };
}

describe('profile fields and the profile id', () => {
  it.each([
    ['a new profile', {}],
    ['an id of 64 characters', { id: 'p'.repeat(64) }],
    ['a generated id', { id: 'p-1a2b3c4d' }],
    ['a base URL with a trailing slash', { baseUrl: 'https://north.example.com/v1/' }],
    ['a token-only profile', { authorizeUrl: '', tokenUrl: '', clientId: '' }],
  ])('accepts %s everywhere', (_what, patch) => same(profileVerdicts({ ...draft, ...patch }), accepted));

  it.each([
    [{ name: '  ' }, 'Name is required'],
    [{ name: 'x'.repeat(101) }, 'Name can have at most 100 characters'],
    [{ baseUrl: '' }, 'Base URL is required'],
    [{ baseUrl: 'https://north.example.com/v2' }, 'Base URL must end in /v1 (for example https://fleet.example.com/v1)'],
    [{ tokenUrl: '' }, 'Give both the authorize URL and the token URL, or neither'],
    [{ clientId: '' }, 'Client id is required for signing in with OAuth'],
    [
      { embedOrigins: 'https://maps.example.com/embed' },
      '“https://maps.example.com/embed” is not an embed map origin. Embed map origins are exact http:// or https:// addresses of one site, without a path, wildcard or user name (for example https://maps.example.com)',
    ],
    [
      { embedOrigins: 'https://*.evil.test' },
      '“https://*.evil.test” is not an embed map origin. Embed map origins are exact http:// or https:// addresses of one site, without a path, wildcard or user name (for example https://maps.example.com)',
    ],
  ])('refuses %j everywhere with the same sentence', (patch, message) => same(profileVerdicts({ ...draft, ...patch }), { ok: false, message }));

  // The form never edits an id (it keeps the one the main side gave): the id rule is checked by the IPC table and the store.
  it.each(['p'.repeat(65), 'north:refresh', 'north.branch', ''])('refuses the profile id %j at the IPC check and in the store alike', (id) => {
    const input = { ...inputOf(draft), id };
    same({ ipc: ipc('profiles:save', [input]), store: thrown(() => validateProfileInput(input)) }, { ok: false, message: 'A profile id is 1 to 64 letters, digits, "_" or "-"' });
  });

  it('uses the same profile id rule for the calls that name a profile', () => {
    for (const channel of ['profiles:switch', 'profiles:delete', 'auth:signIn']) {
      same({ [channel]: ipc(channel, ['p'.repeat(65)]) }, { ok: false, message: 'A profile id is 1 to 64 letters, digits, "_" or "-"' });
      same({ [channel]: ipc(channel, ['p-1a2b3c4d']) }, accepted);
    }
  });
});

// ---------------------------------------------------------------- asset ids and their limits

describe('asset ids', () => {
  const listKeeps = (assetId: string): Verdict => {
    const { assets, skipped } = normalizeAssetList([{ assetId, type: assetId.startsWith('area:') ? 'area' : 'thing', name: 'Loader', serialNumber: '', category: 'Loaders', metrics: null }], new Date('2026-03-01T00:00:00Z'));
    return assets.length === 1 ? accepted : { ok: false, message: skipped[0]?.reason ?? 'skipped' };
  };
  const message = 'An asset id looks like thing:123 or area:45';

  it.each(['thing:1', 'area:45', `thing:${'9'.repeat(18)}`])('%s is kept by the asset list and accepted by every call and form', (id) => {
    expect(listKeeps(id)).toEqual(accepted);
    same({ trail: ipc('trail:get', [id, 24]), map: ipc('embed:open', [{ kind: 'asset', assetId: id }]), mapCheck: embedRequestProblem({ kind: 'asset', assetId: id }) === null ? accepted : { ok: false, message: 'refused' } }, accepted);
  });

  it.each([`thing:${'9'.repeat(19)}`, 'truck:1', 'thing:', 'Thing:1'])('%s is skipped by the asset list and refused by every call and form in the same words', (id) => {
    expect(listKeeps(id).ok).toBe(false);
    const mapCheck = embedRequestProblem({ kind: 'subset', assetIds: [id] });
    same({ trail: ipc('trail:get', [id, 24]), export: ipc('export:assetsCsv', [[id]]), map: ipc('embed:open', [{ kind: 'subset', assetIds: [id] }]), mapCheck: { ok: false, message: mapCheck ?? '(accepted)' } }, { ok: false, message });
  });

  const ids = (n: number) => Array.from({ length: n }, (_, i) => `thing:${i + 1}`);

  it('a map of a selection: 5,000 assets pass, 10,000 are refused before asking and by the IPC check in the same words', () => {
    expect(embedRequestProblem({ kind: 'subset', assetIds: ids(5000) })).toBeNull();
    same({ ipc: ipc('embed:open', [{ kind: 'subset', assetIds: ids(5000) }]) }, accepted);
    const message = 'A map can show at most 5,000 assets; 10,000 are selected. Narrow the selection.';
    same({ renderer: { ok: false, message: embedRequestProblem({ kind: 'subset', assetIds: ids(10_000) }) ?? '(accepted)' }, ipc: ipc('embed:open', [{ kind: 'subset', assetIds: ids(10_000) }]) }, { ok: false, message });
  });

  it('an export holds the largest list read (100,000 assets), more is refused in words', () => {
    same({ ipc: ipc('export:assetsCsv', [ids(100_000)]) }, accepted);
    same({ ipc: ipc('export:assetsCsv', [ids(100_001)]) }, { ok: false, message: 'An export can hold at most 100,000 assets; 100,001 are selected. Narrow the selection.' });
  });
});

// ---------------------------------------------------------------- AEMP look-ups and history ranges

describe('fleet (AEMP) look-up identifiers', () => {
  const verdicts = (id: string): Record<string, Verdict> => {
    const form = checkIdentifier(id);
    return { form: form.ok ? accepted : { ok: false, message: form.message }, equipment: ipc('aemp:equipment', ['2.0', id]), history: ipc('aemp:history', [id, 'Location', '2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z']) };
  };

  it.each(['CAT 320', 'Pelle 2: Bâtiment B', 'ÉQ/7 – Grue', 'VIN1234567', 'x'.repeat(200)])('%s is accepted by the form and the main side', (id) => same(verdicts(id), accepted));

  it.each([
    ['   ', 'Enter an equipment id, serial number or VIN'],
    ['x'.repeat(201), 'An equipment id, serial number or VIN can have at most 200 characters'],
    ['CAT\n320', 'An equipment id, serial number or VIN must not contain line breaks or other control characters'],
    ['..', '"." and ".." cannot be looked up: they are not identifiers'],
  ])('%j is refused by the form and the main side in the same words', (id, message) => same(verdicts(id), { ok: false, message }));
});

describe('history date ranges', () => {
  const DAY = 86_400_000;
  const end = Date.parse('2026-03-01T00:00:00Z');
  const verdicts = (startMs: number): Record<string, Verdict> => {
    const form = checkRange(toLocalInput(startMs), toLocalInput(end), end);
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return { form: form.ok ? accepted : { ok: false, message: form.errors.range ?? JSON.stringify(form.errors) }, ipc: ipc('aemp:history', ['E1', 'Location', iso(startMs), iso(end)]) };
  };

  it('366 days pass everywhere', () => same(verdicts(end - 366 * DAY), accepted));
  it('367 days are refused everywhere in the same words', () => same(verdicts(end - 367 * DAY), { ok: false, message: 'A history can span at most 366 days' }));
  it('a backwards range is refused everywhere in the same words', () => same(verdicts(end), { ok: false, message: 'The start must be before the end' }));
});

// ---------------------------------------------------------------- alert rules

describe('alert rules', () => {
  const base = (): AlertRules => ({
    lowFuel: { enabled: true, belowPercent: 15, scope: { categories: [], assetIds: [], selectionName: null } },
    stale: { enabled: true, afterMin: 60, scope: { categories: [], assetIds: [], selectionName: null } },
    afterHours: { enabled: true, trigger: 'either', schedule: [{ day: 1, start: '07:00', end: '18:00' }], timeZone: 'America/Denver', scope: { categories: [], assetIds: [], selectionName: null } },
    region: { enabled: true, regions: [], on: 'both', scope: { categories: [], assetIds: [], selectionName: null } },
    maintenance: { enabled: false, thresholds: [] },
    ...defaultPlaceRules(),
    quiet: false,
  });

  function verdicts(rules: AlertRules, editForm?: (f: RulesForm) => void): Record<string, Verdict> {
    const form = toRulesForm(rules);
    editForm?.(form);
    const checked = validateRulesForm(form);
    return {
      form: checked.ok ? accepted : { ok: false, message: Object.values(checked.errors)[0] },
      ipc: ipc('alerts:setRules', [rules]),
      store: thrown(() => new AlertRulesStore(dir).set('demo', rules)),
    };
  }

  const withFuel = (belowPercent: number) => ({ ...base(), lowFuel: { ...base().lowFuel, belowPercent } });
  const withStale = (afterMin: number) => ({ ...base(), stale: { ...base().stale, afterMin } });
  const withSelection = (n: number) => ({ ...base(), stale: { ...base().stale, scope: { categories: [], assetIds: Array.from({ length: n }, (_, i) => `thing:${i + 1}`), selectionName: 'Night shift' } } });
  const withSchedule = (schedule: AlertRules['afterHours']['schedule']) => ({ ...base(), afterHours: { ...base().afterHours, schedule } });
  const withTowed = (minMetres: number) => ({ ...base(), towed: { ...base().towed, minMetres } });

  it.each([
    ['fuel 1 %', withFuel(1)],
    ['fuel 99 %', withFuel(99)],
    ['no report for 10,080 minutes', withStale(10_080)],
    ['a selection of 5,000 assets', withSelection(5000)],
    ['a period ending at midnight', withSchedule([{ day: 6, start: '20:00', end: '24:00' }])],
    ['towed after 50 m', withTowed(50)],
    ['towed after 50,000 m', withTowed(50_000)],
  ])('%s is accepted everywhere', (_what, rules) => same(verdicts(rules), accepted));

  it.each([
    ['fuel 0 %', withFuel(0), 'Fuel threshold must be a whole number of percent from 1 to 99'],
    ['fuel 100 %', withFuel(100), 'Fuel threshold must be a whole number of percent from 1 to 99'],
    ['no report for 10,081 minutes', withStale(10_081), 'Minutes without a report must be a whole number from 1 to 10,080 (a week)'],
    ['a selection of 5,001 assets', withSelection(5001), 'A saved selection can hold at most 5,000 assets (5,001 are selected)'],
    ['a backwards period', withSchedule([{ day: 2, start: '18:00', end: '07:00' }]), 'Tuesday: the end (07:00) must be after the start (18:00); split a night shift into two days'],
    ['overlapping periods', withSchedule([{ day: 1, start: '07:00', end: '17:00' }, { day: 1, start: '16:00', end: '20:00' }]), 'Monday: 16:00–20:00 overlaps 07:00–17:00'],
    ['no working period while on', withSchedule([]), 'Add at least one working period, or turn the after-hours rule off'],
    ['an unknown time zone', { ...base(), afterHours: { ...base().afterHours, timeZone: 'Mars/Olympus' } }, 'Choose a time zone from the list ("Mars/Olympus" is not one this computer knows)'],
    ['towed after 49 m', withTowed(49), 'Moved with the ignition off: enter a distance from 50 m to 50,000 m'],
    ['towed after 50,001 m', withTowed(50_001), 'Moved with the ignition off: enter a distance from 50 m to 50,000 m'],
    ['a site kind that does not exist', { ...base(), site: { ...base().site, siteKinds: ['depot' as 'yard'] } }, 'A site kind is yard, job site, customer, restricted or other'],
    ['a selection without a name', { ...withSelection(2), stale: { ...withSelection(2).stale, scope: { ...withSelection(2).stale.scope, selectionName: '' } } }, 'Give the saved selection a name'],
  ])('%s is refused everywhere with the same sentence', (_what, rules, message) => same(verdicts(rules), { ok: false, message }));
});
