/**
 * Text made safe to put into an HTML page Fleet Desk writes (element content and quoted
 * attributes): the sign-in listener's answer page, the demo service's pages. Every
 * character that could open a tag or an entity, or end a quoted attribute, becomes a
 * numeric entity.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
