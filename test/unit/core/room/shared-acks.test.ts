import { describe, expect, it } from 'vitest';
import type { ConditionAcknowledgement } from '../../../../src-main/core/ports';
import { ackKey, MAX_SHARED_ACK_BYTES, readSharedAck, SharedAcks } from '../../../../src-main/core/room/shared-acks';
import { memoryKv } from '../../../support/memory-kv';

const ana: ConditionAcknowledgement = {
  assetId: 'thing:1',
  rule: 'low-fuel',
  key: '',
  raisedAt: '2026-03-10T10:00:00.000Z',
  at: '2026-03-10T10:42:00.000Z',
  by: 'Ana',
  note: 'called the customer',
};
const ben: ConditionAcknowledgement = { ...ana, at: '2026-03-10T10:43:00.000Z', by: 'Ben', note: 'sent a fitter' };
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('shared acknowledgements', () => {
  it('the first acknowledgement of a condition wins: a desk writing later shows the first desk’s', async () => {
    const { kv, write, read } = memoryKv();
    write(ackKey(ana), ana);
    const adopted: ConditionAcknowledgement[] = [];
    const shared = new SharedAcks({ bucket: async () => kv, adopt: (ack) => (adopted.push(ack), true), local: () => [ben] });
    await shared.joined();
    expect(read(ackKey(ana))).toMatchObject({ by: 'Ana' });
    expect(adopted).toEqual([ana]);
  });

  it('keeps an acknowledgement for an alert not raised here yet, and applies it when alerts are raised', async () => {
    const { kv, write } = memoryKv();
    write(ackKey(ana), ana);
    let raisedHere = false;
    const adopted: ConditionAcknowledgement[] = [];
    const shared = new SharedAcks({ bucket: async () => kv, adopt: (ack) => raisedHere && (adopted.push(ack), true), local: () => [] });
    await shared.joined();
    await shared.publish([ben]);
    expect(adopted).toEqual([]);
    raisedHere = true;
    shared.raised();
    expect(adopted).toEqual([ana]);
  });
});

describe('reading an acknowledgement from the room', () => {
  it('reads one filed under its own condition', () => {
    expect(readSharedAck(ackKey(ana), bytes(ana))).toEqual(ana);
  });

  it('refuses one filed under another condition’s key, so a desk cannot mark another alert', () => {
    expect(readSharedAck(ackKey({ ...ana, assetId: 'thing:2' }), bytes(ana))).toBeNull();
  });

  it('refuses extra fields, text that is not JSON, and anything over the size cap', () => {
    expect(readSharedAck(ackKey(ana), bytes({ ...ana, token: 'x' }))).toBeNull();
    expect(readSharedAck(ackKey(ana), new TextEncoder().encode('{not json'))).toBeNull();
    const big = { ...ana, note: 'n'.repeat(150), by: 'b'.repeat(79) };
    const padded = new Uint8Array(MAX_SHARED_ACK_BYTES + 1).fill(32);
    padded.set(bytes(big));
    expect(readSharedAck(ackKey(big), padded)).toBeNull();
    expect(readSharedAck(ackKey(big), bytes(big))).toEqual(big);
  });

  it('refuses a note with line breaks or over the note limit', () => {
    expect(readSharedAck(ackKey(ana), bytes({ ...ana, note: 'a\nb' }))).toBeNull();
    expect(readSharedAck(ackKey(ana), bytes({ ...ana, note: 'x'.repeat(201) }))).toBeNull();
  });
});
