/**
 * OAuth 2.0 authorization-code sign-in for a desktop app (RFC 8252 + RFC 7636):
 * PKCE S256 and `state`, the authorize page in the system browser, the answer on a
 * one-shot loopback listener at `http://127.0.0.1:{port}/callback`, then the code
 * exchange (and later refreshes) with a form-urlencoded POST to the token URL. Each step
 * is its own module (oauth-*.ts); this one gathers them.
 */
export { MESSAGES } from './oauth-messages';
export { buildAuthorizeUrl, createPkce, createState, pkceChallenge, type AuthorizeUrlParams, type Pkce } from './oauth-pkce';
export { startLoopbackListener, type LoopbackListener, type LoopbackOptions } from './oauth-loopback';
export { parseTokenResponse, type TokenSet } from './oauth-token-response';
export { exchangeCode, refreshTokens, type FetchLike, type TokenEndpoint } from './oauth-token-endpoint';
export { startSignInFlow, type SignInFlow, type SignInFlowOptions } from './oauth-flow';
