/** Which shell runs the app, and what the About box shows. */

export type ShellKind = 'electron' | 'web';

export interface AppInfo {
  shell: ShellKind;
  version: string;
  platform: string;
  /** True when the active profile is the built-in demo service. */
  demo: boolean;
}
