/** The demo's small HTML pages for the authorize step (no scripts, no inline styles needed). */
import { escapeHtml } from '../../core/html-text';

function shell(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export function consentPage(p: { appName: string; clientId: string; scopes: string[]; requestId: string; redirectHost: string }): string {
  const scopes = p.scopes.length ? p.scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('') : '<li>basic access</li>';
  return shell(
    `Sign in to the demo Fleet service`,
    `<h1>Allow ${escapeHtml(p.appName)} to access your branch?</h1>
<p><strong>${escapeHtml(p.appName)}</strong> (client <code>${escapeHtml(p.clientId)}</code>) asks for:</p>
<ul aria-label="Requested access">${scopes}</ul>
<p>After your answer this page returns to the app at ${escapeHtml(p.redirectHost)}.</p>
<form method="post" action="/oauth/authorize">
<input type="hidden" name="request" value="${escapeHtml(p.requestId)}">
<button type="submit" id="approve" name="decision" value="approve">Approve</button>
<button type="submit" id="deny" name="decision" value="deny">Deny</button>
</form>`,
  );
}

export function errorPage(title: string, message: string): string {
  return shell(title, `<h1>${escapeHtml(title)}</h1>\n<p role="alert">${escapeHtml(message)}</p>`);
}
