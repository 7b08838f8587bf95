/** The site chips: one per site by name, then "Not on a site" and "No position"; a long list waits behind "More sites" but never hides a picked chip. */
import { describe, expect, it } from 'vitest';
import { SITE_KIND_LABELS } from '../../../../../src-main/contract';
import { siteChips } from '../../../../../src-renderer/src/lib/list/siteChips';
import { NO_POSITION_FILTER, NOT_ON_SITE_FILTER, siteFilterId } from '../../../../../src-renderer/src/lib/list/siteLayer';
import { site } from '../../../../fixtures/sites/sites';

const label = (kind: keyof typeof SITE_KIND_LABELS) => SITE_KIND_LABELS[kind];

describe('siteChips', () => {
  it('has no site chips while the branch has no sites', () => {
    expect(siteChips([], [], 12, label)).toBeNull();
  });

  it('lists the sites by name (numbers in order), with their kind as the tooltip, then the two others', () => {
    const chips = siteChips([site(1, 'Yard 10'), site(2, 'yard 9', { kind: 'job' }), site(3, 'Airport')], [], 12, label)!;
    expect(chips.chips.map((c) => c.label)).toEqual(['Airport', 'yard 9', 'Yard 10', 'Not on a site', 'No position']);
    expect(chips.chips[1]).toEqual({ id: siteFilterId(site(2, '').id), label: 'yard 9', title: 'Job site' });
    expect(chips.chips.slice(-2).map((c) => c.id)).toEqual([NOT_ON_SITE_FILTER, NO_POSITION_FILTER]);
    expect(chips.hidden).toBe(0);
  });

  it('shows at most `limit` sites, always with the picked ones', () => {
    const sites = Array.from({ length: 30 }, (_, i) => site(i + 1, `Site ${String(i + 1).padStart(2, '0')}`));
    const chips = siteChips(sites, [siteFilterId(sites[29].id)], 12, label)!;
    const shown = chips.chips.filter((c) => c.label.startsWith('Site'));
    expect(shown).toHaveLength(12);
    expect(shown.map((c) => c.label)).toContain('Site 30');
    expect(chips.hidden).toBe(18);
    expect(chips.total).toBe(30);
    expect(siteChips(sites, [], Infinity, label)!.hidden).toBe(0);
  });

  it('keeps a chip for a picked site that no longer exists, so its filter can be turned off', () => {
    const chips = siteChips([site(1, 'North yard')], ['site:s-deadbeef', NOT_ON_SITE_FILTER], 12, label)!;
    const gone = chips.chips.find((c) => c.id === 'site:s-deadbeef');
    expect(gone?.label).toBe('Removed site');
    // "Not on a site" is not a removed site.
    expect(chips.chips.filter((c) => c.id === NOT_ON_SITE_FILTER)).toHaveLength(1);
  });
});
