/**
 * The connection status follows the token vault's keychain problem: what the vault
 * already knows at once, and a keychain given up later in the run (a keyring locked
 * mid-session) as soon as it happens, so the dispatcher hears of it without a profile
 * switch.
 */
import type { TokenVault } from '../auth/token-vault';
import type { RefreshScheduler } from './refresh-scheduler';

export function followKeychain(vault: Pick<TokenVault, 'problem' | 'onProblem'>, scheduler: Pick<RefreshScheduler, 'setKeychainProblem'>): () => void {
  scheduler.setKeychainProblem(vault.problem);
  return vault.onProblem((problem) => scheduler.setKeychainProblem(problem));
}
