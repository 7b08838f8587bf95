import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../src-main/demo/html';
import { expiredLinkHtml } from '../../../src-main/demo/embed/page';

describe('escapeHtml (the demo pages)', () => {
  it('turns every character that could open a tag, an entity or end a quoted attribute into an entity', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;y&#39;');
    expect(escapeHtml('Fleet map 12')).toBe('Fleet map 12');
  });

  it('is what the expired-link page uses for the reason it shows', () => {
    expect(expiredLinkHtml('<b>gone</b>')).toContain('<p>&#60;b&#62;gone&#60;/b&#62;</p>');
  });
});
