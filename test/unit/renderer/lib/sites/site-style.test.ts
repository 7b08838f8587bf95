/** Site outlines by kind: every kind its own colour, restricted areas also dashed (not by colour alone). */
import { describe, expect, it } from 'vitest';
import { SITE_KINDS } from '../../../../../src-main/contract';
import { RESTRICTED_DASH, SITE_COLOURS, siteStyle } from '../../../../../src-renderer/src/lib/sites/site-style';

describe('site outline style', () => {
  it('dashes the outline of a restricted area and of no other kind', () => {
    expect(siteStyle('restricted').dashArray).toBe(RESTRICTED_DASH);
    for (const kind of SITE_KINDS.filter((k) => k !== 'restricted')) expect(siteStyle(kind).dashArray, kind).toBeNull();
  });

  it('gives every kind a colour of its own', () => {
    const colours = SITE_KINDS.map((k) => siteStyle(k).color.toLowerCase());
    expect(new Set(colours).size).toBe(SITE_KINDS.length);
    expect(siteStyle('job').color).toBe(SITE_COLOURS.job);
  });

  it('draws the open site thicker than the others', () => {
    expect(siteStyle('yard', true).weight).toBeGreaterThan(siteStyle('yard').weight);
  });
});
