import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import AlertsPanel from '../../../../../src-renderer/src/views/alerts/AlertsPanel.svelte';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import { acknowledgedText } from '../../../../../src-renderer/src/lib/alerts/ack-text';
import { formatShortClock } from '../../../../../src-renderer/src/lib/format/time';
import { alertsStore } from '../../../../../src-renderer/src/state/alerts.svelte';
import type { AlertRecord } from '../../../../../src-main/contract';
import { asset, FakeBridge, metric, NOW, snapshot, resetStores } from '../../fixtures';
import { alertRecord, FakeAlertLog } from './alert-fixtures';
import { session } from '../../../../../src-renderer/src/state/session.svelte';
import { assets } from '../../../../../src-renderer/src/state/assets.svelte';

let bridge: FakeBridge;
let log: FakeAlertLog;

beforeEach(() => {
  bridge = new FakeBridge();
  log = new FakeAlertLog();
  log.install(bridge);
  setBridge(bridge);
});
afterEach(() => {
  cleanup();
  alertsStore.dispose();
  setBridge(null);
});

async function open(records: AlertRecord[]): Promise<void> {
  log.records = records;
  resetStores(() => NOW);
  session.appInfo = { shell: 'web', version: '0.1.0', platform: 'linux', demo: true };
  assets.setSnapshot(snapshot(Array.from({ length: 5 }, (_, i) => asset(i, {}, { fuel: metric(40) }))));
  await alertsStore.init();
  alertsStore.openPanel();
  render(AlertsPanel, { onClose: () => alertsStore.closePanel() });
}

const row = (id: number) => document.querySelector(`[data-alert-id="${id}"]`) as HTMLElement;
const sent = (channel: string) => bridge.calls.filter((c) => c.channel === channel);

describe('acknowledging with a note', () => {
  it('shows who acknowledged, when, and the note', async () => {
    const at = '2026-11-22T10:42:00.000Z';
    await open([alertRecord(4, { acknowledgedAt: at, acknowledgedBy: 'Ana', ackNote: 'called the customer' })]);
    expect(within(row(4)).getByText(`Acknowledged by Ana at ${formatShortClock(at)} — called the customer`)).toBeInTheDocument();
  });

  it('sends the note typed with the highlighted alert, then shows it on the row', async () => {
    await open([alertRecord(7)]);
    alertsStore.activeId = 7;
    const input = await screen.findByLabelText('Note with the acknowledgement');
    await fireEvent.input(input, { target: { value: 'called the customer' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    await expect.poll(() => sent('alerts:acknowledgeWithNote').map((c) => c.args)).toEqual([[{ id: 7, note: 'called the customer' }]]);
    await expect.poll(() => row(7)?.querySelector('[data-acknowledged-by]')?.textContent ?? '').toContain('by Ana');
    expect(row(7).querySelector('[data-acknowledged-by]')?.textContent).toContain('— called the customer');
  });

  it('refuses a note over the limit by the contract’s words and sends nothing', async () => {
    await open([alertRecord(9)]);
    expect(await alertsStore.acknowledgeWithNote(9, 'x'.repeat(201))).toBe(false);
    expect(alertsStore.error?.message).toBe('The acknowledgement note can have at most 200 characters');
    expect(sent('alerts:acknowledgeWithNote')).toEqual([]);
  });

  it('reads "Acknowledged at" without a name when the desk that acknowledged is not known', () => {
    expect(acknowledgedText({ acknowledgedAt: '2026-11-22T10:42:00.000Z', acknowledgedBy: null, ackNote: null })).toBe(`Acknowledged at ${formatShortClock('2026-11-22T10:42:00.000Z')}`);
    expect(acknowledgedText({ acknowledgedAt: null, acknowledgedBy: null, ackNote: null })).toBeNull();
  });
});
