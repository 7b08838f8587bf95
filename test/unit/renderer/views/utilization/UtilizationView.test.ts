import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import type { MachineUtilization, UtilizationProgress, UtilizationRange, UtilizationReport } from '../../../../../src-main/contract';
import { HISTORY_MARK_LABELS, MAX_UTILIZATION_DAYS } from '../../../../../src-main/contract';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { presetRange } from '../../../../../src-renderer/src/lib/utilization/ranges';
import UtilizationView from '../../../../../src-renderer/src/views/utilization/UtilizationView.svelte';
import { assets } from '../../../../../src-renderer/src/state/assets.svelte';
import { appEvents } from '../../../../../src-renderer/src/state/events';
import { selection } from '../../../../../src-renderer/src/state/selection.svelte';
import { session } from '../../../../../src-renderer/src/state/session.svelte';
import { sitesStore } from '../../../../../src-renderer/src/state/sites.svelte';
import { ui } from '../../../../../src-renderer/src/state/ui.svelte';
import { utilization } from '../../../../../src-renderer/src/state/utilization.svelte';
import { FakeBridge, FakeFailure, NOW, asset, resetStores, snapshot, status } from '../../fixtures';
import { deferred } from '../../../../fixtures/deferred';
import { machine } from '../../lib/utilization/report-fixture';

// uPlot draws on a canvas jsdom does not have: the chart only hands it data here.
vi.mock('uplot', () => ({
  default: vi.fn(function FakePlot(this: { width: number }) {
    this.width = 300;
    return Object.assign(this, { setSize: vi.fn(), destroy: vi.fn() });
  }),
}));

const ZONE = 'America/Denver';
const FLEET = [
  asset(1, { name: 'Excavator 1', category: 'Excavators' }),
  asset(2, { name: 'Excavator 2', category: 'Excavators' }),
  asset(3, { name: 'Lift 3', category: 'Lifts' }),
];
const SITE = { id: 's-0000000a', name: 'North Yard', kind: 'yard' as const, notes: '', shape: { type: 'circle' as const, center: [-111.9, 40.6] as [number, number], radiusM: 200 }, regionCode: null, createdAt: 0, updatedAt: 0 };

function daysOf(range: UtilizationRange): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${range.from}T00:00:00Z`); t <= Date.parse(`${range.to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** The hours of each machine, day by day from the end of the range (the last day last). */
const WEEK_HOURS: Record<string, (number | null)[]> = {
  'thing:1': [8, 8, 8, 8, 8, 8, 8],
  'thing:2': [8, 2, 0, 0, 0, 0, 0],
  'thing:3': [null, null, 4, 4, 6, 0, 0],
};

function reportFor(range: UtilizationRange, machines?: (days: number) => MachineUtilization[]): UtilizationReport {
  const days = daysOf(range);
  const fit = (hours: (number | null)[]) => days.map((_, i) => hours[hours.length - days.length + i] ?? null);
  const list = machines
    ? machines(days.length)
    : Object.entries(WEEK_HOURS).map(([id, hours]) => machine(id, fit(hours), id === 'thing:3' ? { marks: [{ day: days.length - 3, kind: 'reset', count: 1 }] } : {}));
  return { profileId: 'demo', range, timeZone: ZONE, days, usedDayHours: 0.5, machines: list, generatedAt: NOW };
}

let fake: FakeBridge;

beforeEach(async () => {
  fake = new FakeBridge().handle('assets:get', () => snapshot(FLEET)).handle('utilization:report', (range: unknown) => reportFor(range as UtilizationRange));
  setBridge(fake);
  resetStores(() => NOW);
  await assets.init();
  sitesStore.replace({
    profileId: 'demo',
    sites: [SITE],
    presence: {
      'thing:1': { siteId: SITE.id, since: NOW - 2 * 86_400_000, sinceAtLeast: false, place: null },
      'thing:2': { siteId: null, since: NOW - 5 * 86_400_000, sinceAtLeast: true, place: '6 km NE of Sandy, UT' },
    },
  });
});

afterEach(() => {
  cleanup();
  setBridge(null);
  resetStores(() => NOW);
  vi.unstubAllGlobals();
});

const machineRows = () => screen.queryAllByTestId('utilization-row');
const rowOf = (name: string) => machineRows().find((r) => within(r).queryByText(name) !== null)!;
const rowNames = () => machineRows().map((r) => within(r).getAllByRole('cell')[1].textContent);

async function shown(): Promise<void> {
  render(UtilizationView);
  await screen.findByText('Excavator 1');
}

describe('Utilization view', () => {
  it('asks for the last 7 days in the branch’s zone and shows each machine’s hours, site or place, strip and source', async () => {
    await shown();
    const asked = fake.callsTo('utilization:report').at(-1)![0];
    expect(asked).toEqual(presetRange('last7', NOW, ZONE));
    const one = rowOf('Excavator 1');
    expect(within(one).getByText('North Yard')).toBeInTheDocument();
    expect(within(one).getByText('56 h')).toBeInTheDocument();
    expect(within(one).getByText('Fleet interface')).toBeInTheDocument();
    expect(within(rowOf('Excavator 2')).getByText('6 km NE of Sandy, UT')).toBeInTheDocument();
    expect(within(rowOf('Excavator 2')).getByText('≥ 5 d')).toBeInTheDocument();
    // Unknown days and history marks are read out, in the contract's words.
    const strip = within(rowOf('Lift 3')).getByRole('img');
    expect(strip.getAttribute('aria-label')).toMatch(/hours unknown/);
    expect(strip.getAttribute('aria-label')).toContain(HISTORY_MARK_LABELS.reset);
    expect(screen.getByTestId('utilization-about')).toHaveTextContent('15 – 21 Nov 2026');
  });

  it('groups by category with group totals, then by site', async () => {
    await shown();
    const groups = () => screen.getAllByTestId('utilization-group').map((g) => g.textContent?.replace(/\s+/g, ' ').trim());
    expect(groups()).toEqual([expect.stringMatching(/^Excavators 2 machines.*66 h/), expect.stringMatching(/^Lifts 1 machine.*14 h/)]);
    await fireEvent.click(screen.getByRole('radio', { name: 'Site' }));
    expect(groups().map((g) => g?.split(' ').slice(0, 3).join(' '))).toEqual(['6 km NE', 'North Yard 1', 'No site 1']);
  });

  it('lists the machines idle 3 days or more, and N days when the dispatcher says so; a bad N is refused in words and the last good one stays', async () => {
    await shown();
    await fireEvent.click(screen.getByRole('checkbox', { name: /Idle ≥/ }));
    expect(rowNames()).toEqual(['Excavator 2']);
    const days = screen.getByRole('spinbutton', { name: 'Idle days at least' });
    await fireEvent.input(days, { target: { value: '2' } });
    expect(rowNames()).toEqual(['Excavator 2', 'Lift 3']);
    await fireEvent.input(days, { target: { value: '0' } });
    expect(screen.getByRole('alert')).toHaveTextContent(`Idle days are a whole number from 1 to ${MAX_UTILIZATION_DAYS}`);
    expect(rowNames()).toEqual(['Excavator 2', 'Lift 3']);
  });

  it('selects the listed machines in the app’s selection and opens their map', async () => {
    await shown();
    await fireEvent.click(screen.getByRole('checkbox', { name: /Idle ≥/ }));
    const commands: string[] = [];
    const off = appEvents.on('command', (c) => commands.push(c));
    await fireEvent.click(screen.getByRole('button', { name: 'Select these 1' }));
    expect([...selection.current.selected]).toEqual(['thing:2']);
    await fireEvent.click(screen.getByRole('button', { name: 'Map of selected (1)' }));
    expect(commands).toEqual(['open-selection-map']);
    off();
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Select Excavator 2' }));
    expect(selection.current.selected.size).toBe(0);
  });

  it('fetches histories with progress, cancels, and builds the report again when the fetch ends', async () => {
    fake.handle('utilization:fetch', (range: unknown) => ({ profileId: 'demo', state: 'running', total: 21, done: 0, etaMs: null, failures: [], message: null, range }));
    fake.handle('utilization:cancel', () => undefined);
    await shown();
    await fireEvent.click(screen.getByRole('button', { name: 'Fetch histories' }));
    expect(fake.callsTo('utilization:fetch')).toEqual([[presetRange('last7', NOW, ZONE)]]);
    const running: UtilizationProgress = { profileId: 'demo', state: 'running', total: 21, done: 7, etaMs: 120_000, failures: [{ assetId: 'thing:3', message: 'The fleet interface has no such machine.' }], message: null };
    fake.emit('utilization:progress', running);
    expect(await screen.findByText('Fetching histories: 7 of 21 machine-days — about 2 min left')).toBeInTheDocument();
    expect(screen.getByText(/1 machine without a fetched history/)).toBeInTheDocument();
    expect(screen.getByText(/The fleet interface has no such machine\./).closest('li')).toHaveTextContent('Lift 3: The fleet interface has no such machine.');
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel fetch' }));
    expect(fake.callsTo('utilization:cancel')).toHaveLength(1);
    const before = fake.callsTo('utilization:report').length;
    fake.emit('utilization:progress', { ...running, state: 'cancelled' });
    await waitFor(() => expect(fake.callsTo('utilization:report').length).toBeGreaterThan(before));
    expect(screen.getByText(/Fetch cancelled after 7 of 21 machine-days/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fetch histories' })).toBeInTheDocument();
  });

  it('ignores the progress of another branch’s fetch', async () => {
    await shown();
    fake.emit('utilization:progress', { profileId: 'other-branch', state: 'running', total: 10, done: 5, etaMs: null, failures: [], message: null });
    fake.emit('utilization:progress', { profileId: 'demo', state: 'done', total: 21, done: 21, etaMs: null, failures: [], message: null });
    expect(await screen.findByText('Histories fetched: 21 of 21 machine-days.')).toBeInTheDocument();
    fake.emit('utilization:progress', { profileId: 'other-branch', state: 'running', total: 10, done: 5, etaMs: null, failures: [], message: null });
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByText(/Fetching histories/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Fetch histories' })).toBeInTheDocument();
  });

  it('says offline that the hours come from what is stored, and does not offer a fetch', async () => {
    session.status = status({ state: 'offline' });
    await shown();
    expect(screen.getByRole('note')).toHaveTextContent('Offline: hours from what this computer has stored');
    expect(screen.getByRole('button', { name: 'Fetch histories' })).toBeDisabled();
  });

  it('keeps the last good report when a new one cannot be built, and says why', async () => {
    await shown();
    fake.handle('utilization:report', () => {
      throw new FakeFailure({ kind: 'storage', message: 'The offline store could not be read.' });
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    expect(await screen.findByText(/The offline store could not be read\. The last report stays shown\./)).toBeInTheDocument();
    expect(rowNames()).toEqual(['Excavator 1', 'Excavator 2', 'Lift 3']);
  });

  it('refuses a custom range longer than a report covers with the contract’s message, asking nothing', async () => {
    await shown();
    const calls = fake.callsTo('utilization:report').length;
    await fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    await fireEvent.input(screen.getByTestId('range-from'), { target: { value: '2025-01-01' } });
    await fireEvent.input(screen.getByTestId('range-to'), { target: { value: '2026-11-20' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(new RegExp(`A range can cover at most ${MAX_UTILIZATION_DAYS} days`))).toBeInTheDocument();
    expect(fake.callsTo('utilization:report')).toHaveLength(calls);
    expect(rowNames()).toHaveLength(3);
  });

  it('shows the newest range asked for even when an older answer comes in last', async () => {
    const slow = deferred<UtilizationReport>();
    const first = presetRange('last7', NOW, ZONE);
    // Yesterday is answered once; asked again, it never answers (only a stale week could then be shown).
    let yesterdayAnswers = 0;
    fake.handle('utilization:report', (range: unknown) => {
      if ((range as UtilizationRange).from === first.from) return slow.promise;
      return yesterdayAnswers++ === 0 ? reportFor(range as UtilizationRange) : new Promise(() => {});
    });
    utilization.report = reportFor(first); // the zone is known: the first load asks for the branch's week
    render(UtilizationView);
    await fireEvent.click(screen.getByRole('button', { name: 'Yesterday' }));
    await waitFor(() => expect(screen.getByTestId('utilization-about')).toHaveTextContent(/^.*21 Nov 2026/));
    slow.resolve(reportFor(first));
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.getByTestId('utilization-about')).not.toHaveTextContent('15 – 21 Nov 2026');
    expect(utilization.report?.range).toEqual(presetRange('yesterday', NOW, ZONE));
  });

  it('explains where hours come from when none are known, and says so when the branch has no machines', async () => {
    fake.handle('utilization:report', (range: unknown) => reportFor(range as UtilizationRange, (n) => ['thing:1', 'thing:2'].map((id) => machine(id, new Array(n).fill(null)))));
    render(UtilizationView);
    expect(await screen.findByTestId('utilization-no-hours')).toHaveTextContent('Fetch histories');
    cleanup();
    utilization.dispose();
    fake.handle('utilization:report', (range: unknown) => reportFor(range as UtilizationRange, () => []));
    render(UtilizationView);
    expect(await screen.findByTestId('utilization-empty')).toHaveTextContent('The branch has no machines yet');
  });

  it('exports the CSV as a download in the browser and says so', async () => {
    vi.stubGlobal('URL', Object.assign(Object.create(URL), URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    fake.handle('export:utilizationCsv', () => ({ fileName: 'utilization.csv', content: 'a,b\n', mimeType: 'text/csv', count: 3 }));
    await shown();
    await fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(ui.toast).toBe('Downloaded hours of 3 machines as utilization.csv'));
    expect(fake.callsTo('export:utilizationCsv')).toEqual([[presetRange('last7', NOW, ZONE)]]);
  });

  it('prints every machine, not only the ones the window shows', async () => {
    const ids = Array.from({ length: 200 }, (_, i) => `thing:${i + 1000}`);
    fake.handle('utilization:report', (range: unknown) => reportFor(range as UtilizationRange, (n) => ids.map((id) => machine(id, new Array(n).fill(1)))));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    render(UtilizationView);
    await waitFor(() => expect(machineRows().length).toBeGreaterThan(0));
    expect(machineRows().length).toBeLessThan(ids.length);
    await fireEvent.click(screen.getByRole('button', { name: 'Print…' }));
    expect(print).toHaveBeenCalled();
    const printed = screen.getByTestId('utilization-print-table');
    expect(printed.querySelectorAll('tbody tr:not(.group)')).toHaveLength(ids.length);
  });

  it('offers Save as PDF in Electron only, and sends the range’s file name', async () => {
    fake.handle('print:pdf', (name: unknown) => ({ fileName: `/home/d/${name as string}`, mimeType: 'application/pdf', count: 0 }));
    await shown();
    expect(screen.queryByRole('button', { name: 'Save as PDF…' })).toBeNull();
    session.appInfo = { shell: 'electron', version: '1', platform: 'linux', demo: true };
    await fireEvent.click(await screen.findByRole('button', { name: 'Save as PDF…' }));
    const range = presetRange('last7', NOW, ZONE);
    expect(fake.callsTo('print:pdf')).toEqual([[`utilization ${range.from} to ${range.to}.pdf`]]);
    await waitFor(() => expect(ui.toast).toBe(`Saved the report to /home/d/utilization ${range.from} to ${range.to}.pdf`));
  });

  it('shows machine names as text, never as markup', async () => {
    fake.handle('assets:get', () => snapshot([asset(1, { name: '<img src=x onerror=alert(1)>' }), ...FLEET.slice(1)]));
    await assets.init();
    render(UtilizationView);
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('Utilization chart', () => {
  it('has the fleet’s hours per day by category as a table for keyboards and screen readers', async () => {
    await shown();
    await fireEvent.click(screen.getByText('Hours per day by category as a table'));
    const table = await screen.findByRole('table', { name: 'Fleet hours per day by category' });
    const excavators = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(excavators).toEqual(['Day', 'Excavators', 'Lifts']);
    const lastDay = within(table).getAllByRole('row').at(-1)!;
    expect(within(lastDay).getAllByRole('cell').map((c) => c.textContent)).toEqual(['8 h', '0 h']);
  });
});
