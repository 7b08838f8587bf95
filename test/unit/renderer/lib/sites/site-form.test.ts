/** The site form's check is the contract's: its sentences, beside the field they are about. */
import { describe, expect, it } from 'vitest';
import { MAX_SITE_NOTES_LENGTH, type Site } from '../../../../../src-main/contract';
import { checkSite, draftOf, inputOf } from '../../../../../src-renderer/src/lib/sites/site-form';
import { rectangleShape } from '../../../../../src-renderer/src/lib/sites/site-shapes';

const shape = rectangleShape(40, -112, 41, -111);

describe('site form check', () => {
  it('asks for a name', () => {
    expect(checkSite({ name: '   ', kind: 'yard', notes: '' }, shape)).toEqual({ ok: false, errors: { name: 'A site name must not be empty' } });
  });

  it('says how long notes may be', () => {
    const checked = checkSite({ name: 'Yard', kind: 'yard', notes: 'x'.repeat(MAX_SITE_NOTES_LENGTH + 1) }, shape);
    expect(checked).toEqual({ ok: false, errors: { notes: 'Notes can have at most 2,000 characters' } });
  });

  it('puts a shape problem apart from the fields', () => {
    const checked = checkSite({ name: 'Yard', kind: 'yard', notes: '' }, { type: 'circle', center: [0, 0], radiusM: 1 });
    expect(checked).toEqual({ ok: false, errors: { shape: "A circle's radius is 5 m to 50 km" } });
  });

  it('sends the trimmed name, the shape and the id of a site being changed', () => {
    const checked = checkSite({ name: '  North yard ', kind: 'yard', notes: 'gate code at the office' }, shape, 's-0123abcd');
    expect(checked).toEqual({ ok: true, input: { id: 's-0123abcd', name: 'North yard', kind: 'yard', notes: 'gate code at the office', shape, regionCode: null } });
  });

  it('puts a site back exactly as it was', () => {
    const site: Site = { id: 's-0123abcd', name: 'A', kind: 'job', notes: 'n', shape, regionCode: 'R1', createdAt: 1, updatedAt: 2 };
    expect(inputOf(site)).toEqual({ id: 's-0123abcd', name: 'A', kind: 'job', notes: 'n', shape, regionCode: 'R1' });
    expect(draftOf(site)).toEqual({ name: 'A', kind: 'job', notes: 'n' });
  });
});
