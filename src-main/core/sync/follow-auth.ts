/**
 * The refresh schedule follows sign-in news about the profile it refreshes: a new token
 * resumes it, a sign-out stops it (RefreshScheduler.signedIn / signedOut). News about
 * other profiles is ignored.
 */
import type { AuthEvents } from '../auth/auth-events';

export interface AuthFollower {
  signedIn(): void;
  signedOut(): void;
}

export function followAuth(events: AuthEvents, scheduler: AuthFollower, activeProfileId: () => string): () => void {
  const offIn = events.on('signed-in', ({ profileId }) => {
    if (profileId === activeProfileId()) scheduler.signedIn();
  });
  const offOut = events.on('signed-out', ({ profileId }) => {
    if (profileId === activeProfileId()) scheduler.signedOut();
  });
  return () => {
    offIn();
    offOut();
  };
}
