import { describe, expect, it } from 'vitest';
import { roomSharedChangeText, type RoomSharedChange } from '../../../src-main/contract';

const at = '2026-03-10T10:42:00.000Z';
const time = (iso: string) => iso.slice(11, 16);
const change = (patch: Partial<RoomSharedChange>): RoomSharedChange => ({ profileId: 'p', kind: 'site', names: ['North yard'], how: 'changed', by: 'Ana', at, ...patch });

describe('the words for a change another desk of the room made', () => {
  it('names the desk, what it did, to what, and when', () => {
    expect(roomSharedChangeText(change({}), time)).toBe('Ana changed the site North yard at 10:42');
    expect(roomSharedChangeText(change({ how: 'removed', by: null }), time)).toBe('Another desk removed the site North yard at 10:42');
    expect(roomSharedChangeText(change({ kind: 'rule', names: ['Low fuel'] }), time)).toBe('Ana changed the alert rule Low fuel at 10:42');
  });

  it('tells the dispatcher whose change theirs replaced', () => {
    expect(roomSharedChangeText(change({ how: 'replaced' }), time)).toBe('Your change to the site North yard replaced one Ana made at 10:42 (the later change wins)');
  });

  it('counts many names and lists the first three', () => {
    expect(roomSharedChangeText(change({ names: ['A', 'B', 'C', 'D'] }), time)).toBe('Ana changed 4 sites (A, B, C, …) at 10:42');
  });
});
