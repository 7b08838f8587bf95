import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../src-main/core/html-text';

describe('escapeHtml (pages Fleet Desk writes: the sign-in answer, the demo pages)', () => {
  it('turns every character that could open a tag, an entity or end a quoted attribute into an entity', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;y&#39;');
    expect(escapeHtml('Fleet map 12')).toBe('Fleet map 12');
  });
});
