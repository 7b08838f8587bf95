/**
 * axe-core over the page as it stands: every rule axe runs by default (WCAG A/AA and
 * best practices), and a failure that lists each violation's id, impact, node count,
 * first target and what it asks for, so the report alone says what to fix.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface AxeFinding {
  id: string;
  impact: string;
  nodes: number;
  firstTarget: string;
  help: string;
  /** What axe measured at the first node (for contrast: the two colours and the ratio). */
  detail: string;
}

/** One line per violation: "nested-interactive (serious) ×4 at #alert-row-1: Interactive controls must not be nested (…)". */
export function describeFinding(f: AxeFinding): string {
  return `${f.id} (${f.impact}) ×${f.nodes} at ${f.firstTarget}: ${f.help}${f.detail ? ` (${f.detail})` : ''}`;
}

export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  // The embedded map is the service's own page in a frame of another origin: it is not
  // Fleet Desk's markup, and the app cannot change it.
  const results = await new AxeBuilder({ page }).exclude('[data-testid="embed-panel"] iframe').analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? 'unknown',
    nodes: v.nodes.length,
    firstTarget: v.nodes[0] ? v.nodes[0].target.map(String).join(' ') : '(none)',
    help: v.help,
    detail: [...(v.nodes[0]?.any ?? []), ...(v.nodes[0]?.all ?? []), ...(v.nodes[0]?.none ?? [])].map((c) => c.message).join('; '),
  }));
}

/** Fails, naming every violation, unless axe finds none in what `where` shows. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const findings = await axeFindings(page);
  expect(findings.map(describeFinding), `axe violations in ${where}`).toEqual([]);
}
