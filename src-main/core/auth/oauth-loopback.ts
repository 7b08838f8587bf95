/**
 * The one-shot loopback listener of a desktop sign-in (RFC 8252): the browser comes back to
 * `http://127.0.0.1:{port}/callback`, and exactly one answer with the right `state` is taken.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FleetError, registerSecret, scrubSecrets } from '../errors';
import { escapeHtml } from '../html-text';
import { MESSAGES } from './oauth-messages';

export interface LoopbackOptions {
  state: string;
  /** Gives up after this long; default 5 minutes. */
  timeoutMs?: number;
}

export interface LoopbackListener {
  /** `http://127.0.0.1:{port}/callback` */
  redirectUri: string;
  /** The authorization code, or a FleetError ('auth-flow', 'timeout' or 'cancelled'). */
  code: Promise<string>;
  /** Stops waiting at once; the port is closed. */
  cancel(): void;
  /** Resolves when the listener's port is closed. */
  closed: Promise<void>;
}

const DEFAULT_SIGN_IN_TIMEOUT_MS = 5 * 60_000;

function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Starts a listener on 127.0.0.1 (free port) that accepts exactly one valid callback. */
export async function startLoopbackListener(options: LoopbackOptions): Promise<LoopbackListener> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SIGN_IN_TIMEOUT_MS;
  let settled = false;
  let resolveCode!: (code: string) => void;
  let rejectCode!: (err: FleetError) => void;
  const code = new Promise<string>((res, rej) => {
    resolveCode = res;
    rejectCode = rej;
  });
  // Callers may only look at `closed`; keep an unobserved rejection from crashing.
  code.catch(() => undefined);

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, title: string, text: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
      res.end(page(title, text));
    };
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== '/callback') {
      send(404, 'Not found', 'This address only receives the Fleet Desk sign-in answer.');
      return;
    }
    if (settled) {
      send(410, 'Already answered', 'This sign-in was already completed or stopped. Return to Fleet Desk.');
      return;
    }
    const q = url.searchParams;
    const state = q.get('state') ?? '';
    if (!sameText(state, options.state)) {
      send(400, 'Sign-in failed', MESSAGES.stateMismatch);
      finish(new FleetError('auth-flow', MESSAGES.stateMismatch));
      return;
    }
    const error = q.get('error');
    if (error) {
      const denied = error === 'access_denied';
      const message = denied
        ? MESSAGES.denied
        : `The sign-in page reported an error: ${error}${q.get('error_description') ? ` (${q.get('error_description')})` : ''}.`;
      send(denied ? 200 : 400, denied ? 'Sign-in denied' : 'Sign-in failed', `${message} You can close this tab.`);
      finish(new FleetError('auth-flow', scrubSecrets(message)));
      return;
    }
    const got = q.get('code');
    if (!got) {
      send(400, 'Sign-in failed', 'The answer carried no authorization code.');
      finish(new FleetError('auth-flow', 'The sign-in answer carried no authorization code.'));
      return;
    }
    registerSecret(got);
    send(200, 'Signed in', 'Signed in — you can close this tab and return to Fleet Desk.');
    finish(null, got);
  });

  const timing: { timer?: NodeJS.Timeout } = {};
  const closed = new Promise<void>((res) => server.once('close', () => res()));

  function finish(err: FleetError | null, value?: string): void {
    if (settled) return;
    settled = true;
    clearTimeout(timing.timer);
    if (err) rejectCode(err);
    else resolveCode(value as string);
    // Let the answer page flush, then refuse further connections and drop idle ones.
    server.close();
    server.closeIdleConnections();
  }

  await new Promise<void>((res, rej) => {
    server.once('error', (e) => rej(new FleetError('auth-flow', `Could not open the local sign-in listener: ${e.message}`)));
    server.listen(0, '127.0.0.1', () => res());
  });
  const { port } = server.address() as AddressInfo;
  timing.timer = setTimeout(() => finish(new FleetError('timeout', MESSAGES.timedOut)), timeoutMs);

  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    code,
    closed,
    cancel() {
      finish(new FleetError('cancelled', MESSAGES.cancelled));
      server.closeAllConnections();
    },
  };
}
