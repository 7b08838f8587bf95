/** What a sign-in tells the dispatcher when it stops, in one place for every step of the flow. */
export const MESSAGES = {
  stateMismatch:
    'The sign-in answer did not match this request (state mismatch). Start the sign-in again from Fleet Desk.',
  denied: 'Sign-in was denied in the browser.',
  timedOut: 'Sign-in timed out: the browser did not come back within the time allowed. Try again.',
  cancelled: 'Sign-in was cancelled.',
} as const;
