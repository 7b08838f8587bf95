import { describe, expect, it } from 'vitest';
import { categoriesOf, regionsOf } from '../../../../../src-renderer/src/lib/alerts/alert-log';
import { metric, row } from '../../fixtures';

describe('the alert rules form choices, from the rows the renderer holds', () => {
  it('lists the region codes the assets report (their geo-regions), with the ones already chosen', () => {
    const rows = [
      row(1, {}, { 'geo-regions': metric(['region:north', ' region:yard ']) }),
      row(2, {}, { 'geo-regions': metric(['region:north', 7, '']) }),
      row(3, {}, { 'geo-regions': metric('region:south') }), // not a list: nothing
      row(4, {}, null),
    ];
    expect(regionsOf(rows, ['region:chosen'])).toEqual(['region:chosen', 'region:north', 'region:yard']);
  });

  it('lists each category once, first spelling kept, sorted', () => {
    const rows = [row(1, { category: 'Trucks' }), row(2, { category: 'trucks' }), row(3, { category: 'Loaders' }), row(4, { category: undefined })];
    expect(categoriesOf(rows)).toEqual(['Loaders', 'Trucks']);
  });
});
