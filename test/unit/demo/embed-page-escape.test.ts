import { describe, expect, it } from 'vitest';
import { expiredLinkHtml } from '../../../src-main/demo/embed/page';

describe('the demo pages escape what they show (with the core escapeHtml)', () => {
  it('the expired-link page shows its reason as text', () => {
    expect(expiredLinkHtml('<b>gone</b>')).toContain('<p>&#60;b&#62;gone&#60;/b&#62;</p>');
  });
});
