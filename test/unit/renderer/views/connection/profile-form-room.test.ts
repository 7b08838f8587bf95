import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { ROOM_NAME_RULE, ROOM_URL_RULE, type Profile, type ProfileInput } from '@contract';
import ProfileForm from '../../../../../src-renderer/src/views/connection/ProfileForm.svelte';
import type { ConnectionState } from '../../../../../src-renderer/src/state/connection.svelte';
import { draftFrom, emptyDraft, fieldOf, toInput, validateDraft } from '../../../../../src-renderer/src/views/connection/profile-form';

const good = { ...emptyDraft(), name: 'North', baseUrl: 'https://north.example.com/v1' };
const withRoom = { ...good, roomUrl: 'nats://room.example.com:4222', roomName: 'north-yard' };

afterEach(() => cleanup());

describe('the profile form’s dispatch room', () => {
  it('sends no room while the room server is left empty, whatever the other room fields hold', () => {
    expect(toInput({ ...good, roomName: 'x y', roomSecret: 'typed' })).not.toHaveProperty('room');
    expect(toInput({ ...good, roomSecret: 'typed' })).not.toHaveProperty('roomSecret');
    expect(validateDraft({ ...good, roomName: 'x y' })).toEqual({});
  });

  it('flags the room fields with the contract’s sentences, on the field they belong to', () => {
    expect(validateDraft({ ...withRoom, roomUrl: 'http://room.example.com' })).toEqual({ roomUrl: `${ROOM_URL_RULE}.` });
    expect(validateDraft({ ...withRoom, roomName: 'north yard' })).toEqual({ roomName: `${ROOM_NAME_RULE}.` });
    expect(validateDraft({ ...withRoom, roomAuth: 'user', roomUser: '' })).toEqual({ roomUser: 'Give the user name for the room server.' });
    expect(fieldOf('room.caFile')).toBe('roomCaFile');
  });

  it('sends the room secret only when typed and the sign-in uses one; edits a profile without holding it', () => {
    expect(toInput({ ...withRoom, roomAuth: 'token', roomSecret: ' t0k ' })).toMatchObject({ room: { auth: 'token' }, roomSecret: 't0k' });
    expect(toInput({ ...withRoom, roomAuth: 'none', roomSecret: 't0k' })).not.toHaveProperty('roomSecret');
    const p: Profile = {
      id: 'p-1', name: 'N', baseUrl: 'https://n/v1', aempUrl: '', authorizeUrl: '', tokenUrl: '', clientId: '', scopes: '', builtIn: false, hasClientSecret: false, signedIn: false, embedOrigins: [], speedUnit: 'unstated',
      room: { url: 'tls://room.example.com', name: 'yard', auth: 'user', user: 'desk7', caFile: '/etc/room-ca.pem' },
      hasRoomSecret: true,
    };
    expect(draftFrom(p)).toMatchObject({ roomUrl: 'tls://room.example.com', roomName: 'yard', roomAuth: 'user', roomUser: 'desk7', roomCaFile: '/etc/room-ca.pem', roomSecret: '', roomSecretSaved: true });
  });

  it('shows the room group’s other fields once a room server is given', () => {
    const conn = { busy: false } as unknown as ConnectionState;
    render(ProfileForm, { conn, draft: { ...good }, onDone: () => undefined });
    expect(screen.getByLabelText('Room server')).toBeInTheDocument();
    expect(screen.queryByLabelText('Room name')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Dispatch room' })).toBeInTheDocument();
  });

  it('labels every room field, shows the secret only for a sign-in that has one, and saves them', async () => {
    const saved: ProfileInput[] = [];
    const conn = { busy: false, test: async () => null, save: async (input: ProfileInput) => void saved.push(input) } as unknown as ConnectionState;
    render(ProfileForm, { conn, draft: { ...withRoom, roomAuth: 'token', roomSecretSaved: true }, onDone: () => undefined });
    for (const label of ['Room server', 'Room name', 'Room sign-in', 'Room CA file']) expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.queryByLabelText('Room user name')).not.toBeInTheDocument();
    const secret = screen.getByLabelText('Room token');
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveAttribute('placeholder', 'Saved — type to replace');
    await fireEvent.input(secret, { target: { value: 'room-t0k' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([expect.objectContaining({ room: { url: 'nats://room.example.com:4222', name: 'north-yard', auth: 'token', user: '', caFile: '' }, roomSecret: 'room-t0k' })]);
  });
});
