/** Words that name the active branch (connection profile) outside the header. Pure. */

export const APP_NAME = 'Fleet Desk';

/** The window title: "North yard — Fleet Desk", or just the app's name before the profiles are known. */
export function windowTitle(branchName: string | null): string {
  const name = branchName?.trim();
  return name ? `${name} — ${APP_NAME}` : APP_NAME;
}
