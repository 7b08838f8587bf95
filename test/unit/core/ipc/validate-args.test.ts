import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { INVOKE_CHANNELS } from '../../../../src-main/contract';
import type { InvokeHandlers } from '../../../../src-main/contract';
import { defaultAlertRules } from '../../../../src-main/core/alerts/rules-schema';
import { FleetError } from '../../../../src-main/core/errors';
import { dispatchInvoke, validateInvoke } from '../../../../src-main/core/ipc/validate-args';
import { goodProfile, VALID } from './valid-calls';

function refusal(channel: unknown, args: unknown): FleetError {
  try {
    validateInvoke(channel, args);
  } catch (err) {
    if (err instanceof FleetError) return err;
    throw err;
  }
  throw new Error(`expected ${String(channel)} to be refused`);
}

describe('validateInvoke', () => {
  it.each(INVOKE_CHANNELS.map((c) => [c] as const))('accepts a valid %s call', (channel) => {
    const out = validateInvoke(channel, VALID[channel]);
    expect(out.channel).toBe(channel);
    expect(out.args).toEqual(VALID[channel]);
  });

  it('refuses unknown channels, naming them', () => {
    const err = refusal('shell:exec', []);
    expect(err.kind).toBe('invalid-argument');
    expect(err.message).toContain('"shell:exec"');
    expect(refusal(42, []).kind).toBe('invalid-argument');
    expect(refusal('__proto__', []).kind).toBe('invalid-argument');
    expect(refusal('toString', []).kind).toBe('invalid-argument');
  });

  it('refuses wrong arity and non-list arguments', () => {
    expect(refusal('trail:get', ['thing:1']).message).toBe('"trail:get" takes 2 arguments, got 1.');
    expect(refusal('app:info', [1]).message).toContain('takes 0 arguments');
    expect(refusal('app:info', { length: 0 }).message).toContain('must be a list');
  });

  it('refuses out-of-range hours with the rule for people, then the argument named in words, and no JSON path', () => {
    const err = refusal('trail:get', ['thing:1', 2161]);
    expect(err.message).toBe('Look back 1 hour to 90 days (2,160 hours). (Fleet Desk refused the hours back, argument 2 of "trail:get".)');
    expect(err.message).not.toMatch(/\$\[/);
    expect(err.path).toBeUndefined();
    expect(refusal('trail:get', ['thing:1', 0]).kind).toBe('invalid-argument');
    expect(refusal('trail:get', ['thing:1', Number.NaN]).kind).toBe('invalid-argument');
    expect(refusal('trail:get', ['thing:1', '24']).kind).toBe('invalid-argument');
  });

  it("checks assets:detail's one argument with the contract's asset id rule", () => {
    for (const id of ['thing:', 'truck:1', 'thing:1 ', '../thing:1', 'Thing:1']) {
      expect(refusal('assets:detail', [id]).message).toContain('asset id');
    }
    expect(refusal('assets:detail', [42]).kind).toBe('invalid-argument');
    expect(refusal('assets:detail', []).message).toBe('"assets:detail" takes 1 argument, got 0.');
    expect(validateInvoke('assets:detail', ['area:7']).args).toEqual(['area:7']);
  });

  it('refuses malformed asset ids, maps of more than 5,000 and exports of more than 100,000 assets', () => {
    for (const id of ['thing:', 'thing:1234567890123456789', 'truck:1', 'thing:1 ', 'thing:1,thing:2', 'Thing:1']) {
      expect(refusal('trail:get', [id, 1]).message).toContain('asset id');
    }
    expect(validateInvoke('trail:get', ['thing:123456789012345678', 1]).args[0]).toBe('thing:123456789012345678');
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `thing:${i}`);
    expect(refusal('embed:open', [{ kind: 'subset', assetIds: ids(10_000) }]).message).toContain('A map can show at most 5,000 assets; 10,000 are selected. Narrow the selection.');
    expect((validateInvoke('embed:open', [{ kind: 'subset', assetIds: ids(5000) }]).args[0] as { assetIds: string[] }).assetIds).toHaveLength(5000);
    expect(refusal('export:assetsCsv', [ids(100_001)]).message).toContain('An export can hold at most 100,000 assets; 100,001 are selected.');
    expect(validateInvoke('export:assetsCsv', [ids(100_000)]).args[0]).toHaveLength(100_000);
    const bad = refusal('embed:open', [{ kind: 'subset', assetIds: ['thing:1', 'nope'] }]);
    expect(bad.path).toBe('assetIds.1');
    expect(refusal('embed:open', [{ kind: 'subset', assetIds: [] }]).kind).toBe('invalid-argument');
  });

  it('checks the list state sent with settings:set, columns included', () => {
    const list = { filters: [], sort: 'odometer', descending: false, columns: ['id', 'serial', 'speed', 'engineHours', 'odometer', 'positionAge'] };
    expect(validateInvoke('settings:set', [{ list }]).args).toEqual([{ list }]);
    expect(refusal('settings:set', [{ list: { ...list, columns: ['id', 'password'] } }]).path).toBe('list.columns.1');
    expect(refusal('settings:set', [{ list: { ...list, columns: ['id', 'id'] } }]).message).toContain('A column is shown only once');
    expect(refusal('settings:set', [{ list: { ...list, sort: 'colour' } }]).path).toBe('list.sort');
  });

  it('checks the map settings: tile cache size in whole MB within bounds, show-all as true/false', () => {
    expect(validateInvoke('settings:set', [{ tileCacheMb: 500, mapShowsAll: true }]).args).toEqual([{ tileCacheMb: 500, mapShowsAll: true }]);
    expect(refusal('settings:set', [{ tileCacheMb: 5 }]).message).toContain('Keep 10 to 5,000 MB of map tiles');
    expect(refusal('settings:set', [{ tileCacheMb: 5001 }]).message).toContain('Keep 10 to 5,000 MB of map tiles');
    expect(refusal('settings:set', [{ tileCacheMb: 12.5 }]).path).toBe('tileCacheMb');
    expect(refusal('settings:set', [{ mapShowsAll: 'yes' }]).path).toBe('mapShowsAll');
  });

  it('refuses non-http(s) URLs and URLs with credentials', () => {
    for (const baseUrl of ['javascript:alert(1)//v1', 'file:///etc/v1', 'https://u:p@fleet.example/v1', 'not a url']) {
      const err = refusal('profiles:save', [{ ...goodProfile, baseUrl }]);
      expect(err.path).toBe('baseUrl');
    }
    expect(refusal('settings:set', [{ tileUrl: 'ftp://tiles/{z}/{x}/{y}.png' }]).path).toBe('tileUrl');
    expect(validateInvoke('settings:set', [{ tileUrl: '' }]).args).toEqual([{ tileUrl: '' }]);
    expect(validateInvoke('settings:set', [{ tileUrl: 'https://{s}.tiles.example/{z}/{x}/{y}.png' }]).args).toHaveLength(1);
  });

  it('refuses extra properties instead of passing them on', () => {
    expect(refusal('settings:set', [{ units: 'metric', __proto__x: 1 }]).message).toContain('Fleet Desk has no setting "__proto__x"');
    expect(refusal('embed:open', [{ kind: 'branch', assetIds: ['thing:1'] }]).kind).toBe('invalid-argument');
    expect(refusal('profiles:save', [{ ...goodProfile, builtIn: true }]).kind).toBe('invalid-argument');
  });

  it('caps string lengths and refuses control characters', () => {
    expect(refusal('profiles:save', [{ ...goodProfile, name: 'x'.repeat(101) }]).message).toContain('at most 100');
    expect(refusal('profiles:save', [{ ...goodProfile, name: 'a\u0000b' }]).message).toContain('control characters');
    expect(refusal('auth:pasteToken', ['demo', 'a'.repeat(16_385)]).kind).toBe('invalid-argument');
    expect(refusal('profiles:switch', ['x:refresh']).kind).toBe('invalid-argument');
  });

  it('checks alert rules with messages for people, and alert filters and ids', () => {
    const rules = defaultAlertRules();
    const fuel = refusal('alerts:setRules', [{ ...rules, lowFuel: { ...rules.lowFuel, belowPercent: 100 } }]);
    expect(fuel.message).toBe('Fuel threshold must be a whole number of percent from 1 to 99. (Fleet Desk refused the alert rules, argument 1 of "alerts:setRules".)');
    expect(fuel.path).toBe('lowFuel.belowPercent');
    const zone = refusal('alerts:setRules', [{ ...rules, afterHours: { ...rules.afterHours, timeZone: 'Mars/Olympus' } }]);
    expect(zone.message).toContain('"Mars/Olympus" is not one this computer knows');
    const backwards = refusal('alerts:setRules', [{ ...rules, afterHours: { ...rules.afterHours, schedule: [{ day: 1, start: '18:00', end: '07:00' }] } }]);
    expect(backwards.message).toContain('Monday: the end (07:00) must be after the start (18:00)');
    expect(refusal('alerts:setRules', [{ ...rules, extra: 1 }]).message).toContain('does not know');
    expect(refusal('alerts:list', [{ unacknowledgedOnly: true, rule: 'fire' }]).path).toBe('rule');
    expect(refusal('alerts:acknowledge', ['some']).kind).toBe('invalid-argument');
    expect(refusal('alerts:acknowledge', [[0]]).kind).toBe('invalid-argument');
    expect(refusal('alerts:acknowledge', [[1.5]]).kind).toBe('invalid-argument');
    expect(validateInvoke('alerts:acknowledge', ['all']).args).toEqual(['all']);
  });

  it('checks ISO dates and their order', () => {
    expect(refusal('aemp:history', ['EQ-1', 'Location', 'yesterday', '2024-05-02T00:00:00Z']).message).toContain('A date must be in UTC, such as 2026-03-01T00:00:00Z. (Fleet Desk refused the start, argument 3 of "aemp:history".)');
    expect(refusal('aemp:history', ['EQ-1', 'Location', '2024-05-03T00:00:00Z', '2024-05-02T00:00:00Z']).message).toContain('The start must be before the end');
    expect(refusal('aemp:history', ['EQ-1', 'Location', '2023-05-01T00:00:00Z', '2024-05-02T00:00:00Z']).message).toContain('A history can span at most 366 days');
    expect(refusal('aemp:equipment', ['2.0', '..']).message).toContain('cannot be looked up');
    expect(refusal('aemp:equipment', ['2.0', 'CAT\n320']).message).toContain('control characters');
  });

  it('accepts fleet identifiers as fleet owners write them (spaces, colons, accents, slashes), trimmed', () => {
    for (const id of ['CAT 320', 'Pelle 2: Bâtiment B', 'ÉQ/7 – Grue', '../x']) {
      expect(validateInvoke('aemp:equipment', ['2.0', ` ${id} `]).args[1]).toBe(id);
    }
    expect(validateInvoke('aemp:history', ['CAT 320', 'Location', '2024-05-01T00:00:00Z', '2024-05-02T00:00:00Z']).args[0]).toBe('CAT 320');
  });
});

function fakeHandlers(): { handlers: InvokeHandlers; calls: string[] } {
  const calls: string[] = [];
  const handlers = Object.fromEntries(
    INVOKE_CHANNELS.map((c) => [
      c,
      vi.fn(async () => {
        calls.push(c);
        return `${c} done`;
      }),
    ]),
  ) as unknown as InvokeHandlers;
  return { handlers, calls };
}

describe('dispatchInvoke', () => {
  it('calls the handler with validated arguments and wraps the value', async () => {
    const { handlers } = fakeHandlers();
    const result = await dispatchInvoke(handlers, 'trail:get', ['thing:7', 24]);
    expect(result).toEqual({ ok: true, value: 'trail:get done' });
    expect(handlers['trail:get']).toHaveBeenCalledWith('thing:7', 24);
  });

  it('turns a handler failure into a scrubbed AppError', async () => {
    const { handlers } = fakeHandlers();
    handlers['assets:refresh'] = async () => {
      throw new FleetError('unauthorized', 'Rejected Authorization: Bearer abc.def.ghi', { status: 401 });
    };
    const result = await dispatchInvoke(handlers, 'assets:refresh', []);
    expect(result).toEqual({ ok: false, error: { kind: 'unauthorized', status: 401, message: 'Rejected Authorization: Bearer [redacted]' } });
    handlers['app:info'] = () => {
      throw new TypeError('boom');
    };
    expect(await dispatchInvoke(handlers, 'app:info', [])).toEqual({ ok: false, error: { kind: 'internal', message: 'Unexpected error: boom' } });
  });

  it('never throws and never reaches a handler with random invalid input', async () => {
    const channelArb = fc.oneof(fc.constantFrom(...INVOKE_CHANNELS), fc.string(), fc.anything());
    await fc.assert(
      fc.asyncProperty(channelArb, fc.oneof(fc.array(fc.anything(), { maxLength: 5 }), fc.anything()), async (channel, args) => {
        const { handlers, calls } = fakeHandlers();
        let valid = true;
        try {
          validateInvoke(channel, args);
        } catch {
          valid = false;
        }
        const result = await dispatchInvoke(handlers, channel, args);
        if (valid) {
          expect(result.ok).toBe(true);
          expect(calls).toEqual([channel]);
        } else {
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.error.kind).toBe('invalid-argument');
          expect(calls).toEqual([]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('refuses mutated valid calls without calling the handler', async () => {
    const mutation = fc.constantFrom(...INVOKE_CHANNELS).chain((channel) =>
      fc.record({
        channel: fc.constant(channel),
        index: fc.nat(),
        replacement: fc.oneof(fc.constant(undefined), fc.constant(null), fc.double(), fc.string({ maxLength: 3 }), fc.object()),
      }),
    );
    await fc.assert(
      fc.asyncProperty(mutation, async ({ channel, index, replacement }) => {
        const args = [...VALID[channel]];
        if (args.length === 0) args.push(replacement);
        else args[index % args.length] = replacement;
        const { handlers, calls } = fakeHandlers();
        const result = await dispatchInvoke(handlers, channel, args);
        if (!result.ok) expect(calls).toEqual([]);
        else expect(calls).toEqual([channel]);
        if (VALID[channel].length === 0) expect(result.ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
