/** How a machine's site reads: "days on site" in the list, the sentence in the details pane. */
import { describe, expect, it } from 'vitest';
import { indexAssets } from '../../../../../src-renderer/src/lib/list/assetIndex';
import { SiteLayer } from '../../../../../src-renderer/src/lib/list/siteLayer';
import { daysOnSiteText, presenceSentence, sinceWords, stayWords } from '../../../../../src-renderer/src/lib/list/siteText';
import { off, on, site } from '../../../../fixtures/sites/sites';
import { metric, row } from '../../fixtures';

const HOUR = 3_600_000;
// Sunday 22 November 2026, 12:00 UTC.
const NOW = Date.UTC(2026, 10, 22, 12, 0);
const TUESDAY_1402 = Date.UTC(2026, 10, 17, 14, 2);

describe('daysOnSiteText', () => {
  it('says days, hours or "< 1 h", with "≥" when the time is only when it was first seen there', () => {
    expect(daysOnSiteText(NOW - 3 * 24 * HOUR - 5, false, NOW)).toBe('3 d');
    expect(daysOnSiteText(NOW - 5 * HOUR, false, NOW)).toBe('5 h');
    expect(daysOnSiteText(NOW - 10 * 60_000, false, NOW)).toBe('< 1 h');
    expect(daysOnSiteText(NOW - 3 * 24 * HOUR, true, NOW)).toBe('≥ 3 d');
    // A time a little ahead of this computer's clock is not a negative stay.
    expect(daysOnSiteText(NOW + HOUR, false, NOW)).toBe('< 1 h');
  });
});

describe('stayWords and sinceWords', () => {
  it('word the stay and the start', () => {
    expect(stayWords(NOW - 24 * HOUR, NOW)).toBe('1 day');
    expect(stayWords(NOW - 4.5 * 24 * HOUR, NOW)).toBe('4 days');
    expect(stayWords(NOW - HOUR, NOW)).toBe('1 hour');
    expect(stayWords(NOW - 59 * 60_000, NOW)).toBe('less than an hour');
    expect(sinceWords(TUESDAY_1402, NOW, 'en-GB')).toMatch(/^Tue,? 14:02$/);
    // Older than six days: the date, not a weekday that could be last week's.
    expect(sinceWords(NOW - 9 * 24 * HOUR, NOW, 'en-GB')).toMatch(/^13 Nov,? 12:00$/);
  });
});

describe('presenceSentence', () => {
  const north = site(1, 'North yard');
  const gps = metric({ lat: 40.6, lng: -111.9 });
  const index = indexAssets([row(1, {}, { gps }), row(2, {}, { gps }), row(3, {}, { gps }), row(4, {}, { gps }), row(5, {}, {})]);
  const layer = new SiteLayer([north], {
    'thing:1': on(north, TUESDAY_1402),
    'thing:2': on(north, TUESDAY_1402, true),
    'thing:3': off('6 km NE of Sandy, UT'),
    'thing:4': off(null),
  });
  const sentence = (i: number) => presenceSentence(layer.factOf(index[i]), NOW, 'en-GB');

  it('names the site, its kind, since when and for how long', () => {
    expect(sentence(0)).toMatch(/^On North yard \(Yard\) since Tue,? 14:02 — 4 days$/);
  });

  it('says "at least since" when Fleet Desk only saw it arrive', () => {
    expect(sentence(1)).toMatch(/^On North yard \(Yard\) at least since Tue,? 14:02 — 4 days$/);
  });

  it('says where it is in words when on no site, and plainly when nothing is near or it has no position', () => {
    expect(sentence(2)).toBe('Not on a site — 6 km NE of Sandy, UT');
    expect(sentence(3)).toBe('Not on a site');
    expect(sentence(4)).toBe('No position');
  });
});
