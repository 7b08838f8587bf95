import { describe, expect, it } from 'vitest';
import { branchTimeZone } from '../../../../src-main/core/handlers/utilization';
import { computerTimeZone } from '../../../../src-main/core/utilization/days';

const rows = (...zones: (string | null)[]) => zones.map((timeZone) => ({ timeZone }));

describe("the branch's time zone", () => {
  it('is the setting when one is set', () => {
    expect(branchTimeZone('Australia/Sydney', rows('America/Denver', 'America/Denver'))).toBe('Australia/Sydney');
  });

  it('is otherwise the zone most machines report', () => {
    expect(branchTimeZone('', rows('America/Denver', 'America/Chicago', 'America/Denver', null))).toBe('America/Denver');
  });

  it("passes over a machine's zone the computer does not know", () => {
    expect(branchTimeZone('', rows('Nowhere/Land', 'Nowhere/Land', 'America/Chicago'))).toBe('America/Chicago');
  });

  it("falls back to the computer's zone when no machine reports one", () => {
    expect(branchTimeZone('', rows(null, null))).toBe(computerTimeZone());
  });
});
