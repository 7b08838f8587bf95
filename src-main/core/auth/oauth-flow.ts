/** The whole sign-in: PKCE and state, the browser, the loopback answer, the code exchange. */
import { FleetError, registerSecret } from '../errors';
import { startLoopbackListener } from './oauth-loopback';
import { MESSAGES } from './oauth-messages';
import { buildAuthorizeUrl, createPkce, createState } from './oauth-pkce';
import { exchangeCode, type TokenEndpoint } from './oauth-token-endpoint';
import type { TokenSet } from './oauth-token-response';

export interface SignInFlowOptions extends TokenEndpoint {
  authorizeUrl: string;
  scopes: string;
  openExternal: (url: string) => Promise<void>;
  timeoutMs?: number;
  /** Told the authorize URL before the browser is opened. */
  onAuthorizeUrl?: (url: string) => void;
  /** Told when the browser came back and the code is being exchanged. */
  onExchanging?: () => void;
}

export interface SignInFlow {
  authorizeUrl: string;
  tokens: Promise<TokenSet>;
  cancel(): void;
}

/** Steps 1–4: opens the browser, waits for the callback, exchanges the code. */
export async function startSignInFlow(o: SignInFlowOptions): Promise<SignInFlow> {
  const pkce = createPkce();
  const state = createState();
  registerSecret(pkce.verifier);
  const listener = await startLoopbackListener({ state, timeoutMs: o.timeoutMs });
  let authorizeUrl: string;
  try {
    authorizeUrl = buildAuthorizeUrl({
      authorizeUrl: o.authorizeUrl,
      clientId: o.clientId,
      redirectUri: listener.redirectUri,
      state,
      codeChallenge: pkce.challenge,
      scopes: o.scopes,
    });
  } catch (e) {
    listener.cancel();
    throw e;
  }
  o.onAuthorizeUrl?.(authorizeUrl);
  const abort = new AbortController();
  const tokens = (async () => {
    try {
      await o.openExternal(authorizeUrl);
    } catch {
      // The web shell opens the tab itself from the `auth:state` event; keep waiting.
    }
    const code = await listener.code;
    if (abort.signal.aborted) throw new FleetError('cancelled', MESSAGES.cancelled);
    o.onExchanging?.();
    return exchangeCode(o, { code, redirectUri: listener.redirectUri, codeVerifier: pkce.verifier }, abort.signal);
  })();
  tokens.catch(() => undefined);
  return {
    authorizeUrl,
    tokens,
    cancel() {
      abort.abort();
      listener.cancel();
    },
  };
}
