import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import type { Profile, ProfileInput, ProfilesState, SignInState } from '../../../../../src-main/contract';
import { setBridge } from '../../../../../src-renderer/src/lib/bridge';
import ConnectionPanel from '../../../../../src-renderer/src/views/connection/ConnectionPanel.svelte';
import { FakeBridge, KEYCHAIN_PROBLEM } from '../../fixtures';
import { session } from '../../../../../src-renderer/src/state/session.svelte';
import { DEMO_URLS } from '../../../core/auth/demo-urls';

const demoProfile: Profile = {
  id: 'demo',
  name: 'Demo service',
  ...DEMO_URLS,
  builtIn: true,
  hasClientSecret: false,
  signedIn: false,
  embedOrigins: [],
  speedUnit: 'unstated',
};
const north: Profile = { ...demoProfile, id: 'p-north', name: 'North branch', baseUrl: 'https://north.example.com/v1', authorizeUrl: '', tokenUrl: '', clientId: '', builtIn: false, signedIn: true };

let bridge: FakeBridge;

/** The app starts the session first; the panel reads the profiles from it. */
async function renderPanel() {
  await session.init();
  return render(ConnectionPanel);
}
let state: ProfilesState;

function list(): ProfilesState {
  return state;
}

beforeEach(() => {
  state = { profiles: [demoProfile, north], activeId: 'demo' };
  bridge = new FakeBridge()
    .handle('profiles:list', list)
    .handle('app:info', () => ({ shell: 'web', version: 't', platform: 'linux', demo: true }))
    .handle('profiles:switch', (id) => {
      state = { ...state, activeId: id as string };
      bridge.emit('profiles:changed', state); // the main side announces every change of the profiles; the call answers nothing
    });
  setBridge(bridge);
});
afterEach(() => {
  cleanup();
  session.dispose();
  setBridge(null);
  vi.restoreAllMocks();
});

describe('ConnectionPanel', () => {
  it('lists the profiles with the active one marked, and switches in one click', async () => {
    await renderPanel();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(within(items[0]).getByText('Active')).toBeInTheDocument();
    expect(within(items[1]).getByText('Signed in')).toBeInTheDocument();
    await fireEvent.click(screen.getByRole('button', { name: 'Use North branch' }));
    expect(bridge.callsTo('profiles:switch')).toEqual([['p-north']]);
    await waitFor(() => expect(screen.getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'true'));
    expect(await screen.findByRole('status')).toHaveTextContent('Now using “North branch”.');
  });

  it('follows profiles:changed events', async () => {
    await renderPanel();
    await screen.findAllByRole('listitem');
    bridge.emit('profiles:changed', { profiles: [{ ...demoProfile, signedIn: true }], activeId: 'demo' });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByText('Signed in')).toBeInTheDocument();
  });

  it('validates the add form before sending, then saves', async () => {
    let saved: ProfileInput | null = null;
    bridge.handle('profiles:save', (input) => {
      saved = input as ProfileInput;
      return 'p-new';
    });
    await renderPanel();
    await fireEvent.click(await screen.findByRole('button', { name: 'Add a profile…' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Base URL is required.')).toBeInTheDocument();
    expect(bridge.callsTo('profiles:save')).toEqual([]);

    await fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'South' } });
    await fireEvent.input(screen.getByLabelText('Base URL'), { target: { value: 'https://south.example.com/api' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(/Base URL must end in \/v1/)).toBeInTheDocument();

    await fireEvent.input(screen.getByLabelText('Base URL'), { target: { value: 'https://south.example.com/v1' } });
    await fireEvent.input(screen.getByLabelText('Client secret'), { target: { value: 'typed-secret' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved).toMatchObject({ name: 'South', baseUrl: 'https://south.example.com/v1', clientSecret: 'typed-secret' });
    await waitFor(() => expect(screen.queryByLabelText('Name')).not.toBeInTheDocument());
  });

  it('shows a validation error from the main side', async () => {
    bridge.handle('profiles:save', () => {
      throw Object.assign(new Error('Client id is required for signing in with OAuth.'), { kind: 'invalid-argument' });
    });
    await renderPanel();
    await fireEvent.click(await screen.findByRole('button', { name: 'Add a profile…' }));
    await fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'X' } });
    await fireEvent.input(screen.getByLabelText('Base URL'), { target: { value: 'https://x.example.com/v1' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Client id is required');
  });

  it('tests a connection and shows the answer', async () => {
    bridge.handle('profiles:test', () => ({ ok: true, message: 'Connected: 12 assets in this branch.', assetCount: 12 }));
    await renderPanel();
    await fireEvent.click(await screen.findByRole('button', { name: 'Edit North branch' }));
    expect(screen.getByLabelText('Name')).toHaveValue('North branch');
    await fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connected: 12 assets in this branch.')).toBeInTheDocument();
    expect(bridge.callsTo('profiles:test')[0][0]).toMatchObject({ id: 'p-north', baseUrl: 'https://north.example.com/v1' });
  });

  it('signs in: waits for the browser, opens the tab in the web shell, can cancel', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    let finish!: (s: SignInState) => void;
    bridge.handle('auth:signIn', () => new Promise<SignInState>((r) => (finish = r)));
    bridge.handle('auth:cancel', () => {
      finish({ state: 'idle' });
    });
    await renderPanel();
    await screen.findAllByRole('listitem');
    await waitFor(() => expect(bridge.callsTo('app:info')).toHaveLength(1));
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in to Demo service' }));
    expect(await screen.findByText('Waiting for the browser…')).toBeInTheDocument();
    const url = 'http://127.0.0.1:4000/oauth/authorize?client_id=fleet-desk&state=abc';
    bridge.emit('auth:state', { state: 'waiting-for-browser', profileId: 'demo', authorizeUrl: url, startedAt: '2026-11-22T12:00:00Z' });
    bridge.emit('auth:state', { state: 'waiting-for-browser', profileId: 'demo', authorizeUrl: url, startedAt: '2026-11-22T12:00:00Z' });
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open).toHaveBeenCalledWith(url, '_blank', 'noopener');
    expect(screen.getByRole('link', { name: 'open the sign-in page' })).toHaveAttribute('href', url);
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel sign-in' }));
    expect(bridge.callsTo('auth:cancel')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Waiting for the browser…')).not.toBeInTheDocument());
  });

  it('offers "Sign in" beside "Signed out" only, never beside "Signed in"', async () => {
    state = { profiles: [{ ...demoProfile, signedIn: true }, { ...north, ...DEMO_URLS, name: 'North branch', signedIn: false }], activeId: 'demo' };
    await renderPanel();
    const [demoRow, northRow] = await screen.findAllByRole('listitem');
    expect(within(demoRow).getByText('Signed in')).toBeInTheDocument();
    expect(within(demoRow).queryByRole('button', { name: /^Sign in/ })).not.toBeInTheDocument();
    expect(within(demoRow).getByRole('button', { name: 'Sign out of Demo service' })).toBeInTheDocument();
    expect(within(northRow).getByText('Signed out')).toBeInTheDocument();
    expect(within(northRow).getByRole('button', { name: 'Sign in to North branch' })).toBeInTheDocument();
  });

  it('reports a failed sign-in', async () => {
    bridge.handle('auth:signIn', () => ({ state: 'failed', profileId: 'demo', error: { kind: 'auth-flow', message: 'Sign-in was denied in the browser.' } }));
    await renderPanel();
    await fireEvent.click(await screen.findByRole('button', { name: 'Sign in to Demo service' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in was denied in the browser.');
  });

  it('pastes a token into a password field and reports a refused token', async () => {
    bridge.handle('auth:pasteToken', () => ({ ok: false, message: 'The service refused this token (401): it is wrong, expired or revoked.' }));
    await renderPanel();
    await fireEvent.click(await screen.findByRole('button', { name: 'Paste a token for North branch' }));
    const field = screen.getByLabelText('Access token');
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveFocus();
    await fireEvent.input(field, { target: { value: 'tok-123' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Test and save' }));
    expect(bridge.callsTo('auth:pasteToken')).toEqual([['p-north', 'tok-123']]);
    await waitFor(() => expect(screen.getAllByRole('alert')[0]).toHaveTextContent(/refused this token/));
    expect(screen.getByLabelText('Access token')).toBeInTheDocument();
  });

  it('asks whether to keep offline data on sign-out', async () => {
    bridge.handle('auth:signOut', () => undefined);
    await renderPanel();
    await fireEvent.click(await screen.findByRole('button', { name: 'Sign out of North branch' }));
    expect(screen.getByText(/Keep offline data for this profile\?/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep' })).toHaveFocus();
    await fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(bridge.callsTo('auth:signOut')).toEqual([['p-north', false]]);
    expect(await screen.findByRole('status')).toHaveTextContent('its offline data was deleted');
  });

  it('cancelling the sign-out question does nothing', async () => {
    await renderPanel();
    await fireEvent.click(await screen.findByRole('button', { name: 'Sign out of North branch' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(bridge.callsTo('auth:signOut')).toEqual([]);
    expect(screen.queryByText(/Keep offline data/)).not.toBeInTheDocument();
  });

  it("warns with the vault's own reason, word for word, as soon as a status says the keychain failed", async () => {
    bridge.handle('status:get', () => ({ profileId: 'demo', state: 'online', lastSyncAt: null, nextAttemptAt: null, error: null, keychainProblem: null, notice: null }));
    await renderPanel();
    await screen.findAllByRole('listitem');
    await waitFor(() => expect(bridge.callsTo('status:get')).toHaveLength(1));
    expect(screen.queryByText(/keychain/i)).not.toBeInTheDocument();
    bridge.emit('status', { profileId: 'demo', state: 'online', lastSyncAt: null, nextAttemptAt: null, error: null, keychainProblem: KEYCHAIN_PROBLEM, notice: null });
    expect(await screen.findByText(KEYCHAIN_PROBLEM)).toBeInTheDocument();
  });

  it('tests a draft with a token typed for the test only, and without one when none is typed', async () => {
    bridge.handle('profiles:test', () => ({ ok: true, message: 'Tested with the typed token (it is not saved). Connected: 3 assets in this branch.', assetCount: 3 }));
    await renderPanel();
    await fireEvent.click(await screen.findByRole('button', { name: 'Edit North branch' }));
    await fireEvent.input(screen.getByLabelText('Base URL'), { target: { value: 'https://south.example.net/v1' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await screen.findByText(/Connected: 3 assets/);
    expect(bridge.callsTo('profiles:test')[0]).toHaveLength(1);
    const field = screen.getByLabelText('Token for the test');
    expect(field).toHaveAttribute('type', 'password');
    await fireEvent.input(field, { target: { value: ' typed-token-1 ' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(bridge.callsTo('profiles:test')).toHaveLength(2));
    const [draft, token] = bridge.callsTo('profiles:test')[1];
    expect(draft).toMatchObject({ id: 'p-north', baseUrl: 'https://south.example.net/v1' });
    expect(draft).not.toHaveProperty('token');
    expect(token).toBe('typed-token-1');
  });

  it('shows why a re-pointed profile was signed out, in the save message and beside the profile', async () => {
    const why = '“North branch” was signed out because its address changed (now south.example.net): a sign-in is only ever sent to the service it was made with. Sign in again or paste a token.';
    bridge.handle('profiles:save', () => {
      state = { ...state, profiles: [demoProfile, { ...north, baseUrl: 'https://south.example.net/v1', signedIn: false, notice: why }] };
      bridge.emit('profiles:changed', state); // the main side announces every change of the profiles
      return north.id; // and answers the saved profile's id only
    });
    await renderPanel();
    await fireEvent.click(await screen.findByRole('button', { name: 'Edit North branch' }));
    await fireEvent.input(screen.getByLabelText('Base URL'), { target: { value: 'https://south.example.net/v1' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByRole('status')[0]).toHaveTextContent(why));
    const item = screen.getAllByRole('listitem')[1];
    expect(within(item).getByText('Signed out')).toBeInTheDocument();
    expect(within(item).getByText(why)).toBeInTheDocument();
    expect(bridge.callsTo('profiles:list')).toHaveLength(1); // once at start; after that the events tell
  });

  it('shows why a profile was signed out in the save message also when the announcement comes after the answer (the web shell\'s socket may lag its answer)', async () => {
    const why = '“North branch” was signed out because its address changed (now south.example.net).';
    bridge.handle('profiles:save', () => north.id);
    await renderPanel();
    await fireEvent.click(await screen.findByRole('button', { name: 'Edit North branch' }));
    await fireEvent.input(screen.getByLabelText('Base URL'), { target: { value: 'https://south.example.net/v1' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByRole('status')[0]).toHaveTextContent('Saved “North branch”.'));
    expect(screen.getAllByRole('status')[0]).not.toHaveTextContent('signed out');
    state = { ...state, profiles: [demoProfile, { ...north, baseUrl: 'https://south.example.net/v1', signedIn: false, notice: why }] };
    bridge.emit('profiles:changed', state);
    await waitFor(() => expect(screen.getAllByRole('status')[0]).toHaveTextContent(`Saved “North branch”. ${why}`));
  });

  it("shows the session's profiles (one copy): opening the panel asks for nothing, and a switch made elsewhere shows at once", async () => {
    await session.init();
    await waitFor(() => expect(session.profiles).not.toBeNull());
    render(ConnectionPanel);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(bridge.callsTo('profiles:list')).toHaveLength(1); // the session's ask at start
    bridge.emit('profiles:changed', { ...state, activeId: 'p-north' });
    await waitFor(() => expect(screen.getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'true'));
    expect(session.profiles?.activeId).toBe('p-north');
  });

  it('says why the profiles could not be loaded, and asks again when the panel opens', async () => {
    let fail = true;
    bridge.handle('profiles:list', () => {
      if (fail) throw new Error('The profile store could not be read');
      return state;
    });
    await renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the connection profiles: The profile store could not be read');
    cleanup();
    fail = false;
    render(ConnectionPanel);
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('edits the embed map origins of a profile', async () => {
    let saved: ProfileInput | null = null;
    bridge.handle('profiles:save', (input) => {
      saved = input as ProfileInput;
      return north.id;
    });
    state = { ...state, profiles: [demoProfile, { ...north, embedOrigins: ['https://maps.partner.example'] }] };
    await renderPanel();
    await fireEvent.click(await screen.findByRole('button', { name: 'Edit North branch' }));
    const field = screen.getByLabelText('Embed map origins');
    expect(field).toHaveValue('https://maps.partner.example');
    await fireEvent.input(field, { target: { value: 'https://maps.partner.example/path' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(/“https:\/\/maps.partner.example\/path” is not an embed map origin/)).toBeInTheDocument();
    await fireEvent.input(field, { target: { value: 'https://maps.partner.example  http://10.0.0.5:8080' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved!.embedOrigins).toEqual(['https://maps.partner.example', 'http://10.0.0.5:8080']);
  });

  it('offers no edit or delete for built-in profiles', async () => {
    await renderPanel();
    await screen.findAllByRole('listitem');
    expect(screen.queryByRole('button', { name: 'Delete Demo service' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Demo service' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in to North branch' })).not.toBeInTheDocument();
  });
});
