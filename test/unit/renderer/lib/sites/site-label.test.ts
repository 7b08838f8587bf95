/** The words for a site on the map and after an import. */
import { describe, expect, it } from 'vitest';
import { importDoneText, siteLabel } from '../../../../../src-renderer/src/lib/sites/site-label';

describe('site label', () => {
  it('names the site and how many machines are on it', () => {
    expect(siteLabel('North yard', 0)).toBe('North yard · no machines');
    expect(siteLabel('North yard', 1)).toBe('North yard · 1 machine');
    expect(siteLabel('North yard', 1200)).toBe('North yard · 1,200 machines');
  });

  it('says how many sites an import brought and how many it replaced', () => {
    expect(importDoneText(12, 3)).toBe('Imported 12 sites (3 replaced)');
    expect(importDoneText(1, 0)).toBe('Imported 1 site');
  });
});
