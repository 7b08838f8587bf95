/**
 * Guards "a rule lives in one place": the modules that check what the renderer sends (the
 * forms, the IPC table, the handlers and the stores) take their limits, patterns and word
 * lists from src-main/contract/schemas and declare none of their own. A module that
 * starts re-declaring a limit fails here, before its copy can drift.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_EXPORT_ASSET_IDS } from '../../../src-main/contract';
import { MAX_ASSETS_PER_LIST } from '../../../src-main/core/limits';

const ROOT = join(__dirname, '../../..');

/** Where the shared rules are applied: none of these may write a rule itself. */
const APPLIERS = [
  'src-main/core/ipc/validate-args.ts',
  'src-main/core/settings/settings-schema.ts',
  'src-main/core/settings/settings-store.ts',
  'src-main/core/alerts/rules-schema.ts',
  'src-main/core/handlers/aemp.ts',
  'src-main/core/handlers/auth.ts',
  'src-main/core/handlers/offline.ts',
  'src-main/core/handlers/settings.ts',
  'src-main/core/handlers/alerts.ts',
  'src-main/core/handlers/embed.ts',
  'src-renderer/src/lib/settings/validate.ts',
  'src-renderer/src/lib/alerts/rules-form.ts',
  'src-renderer/src/lib/aemp/progress.ts',
  'src-renderer/src/lib/aemp/date-range.ts',
  'src-renderer/src/lib/embed/request-check.ts',
  'src-renderer/src/views/connection/profile-form.ts',
];

/** valibot actions that state a limit or a pattern, and the old limits as numbers. */
const OWN_RULE = [
  /\bv\.(minValue|maxValue|minLength|maxLength|length|regex|picklist|integer|gtValue|ltValue)\(/,
  /\b(86_?400|10_?080|525_?600|3_?650|2_?160|366)\b/,
  /\{1,(12|18|64|128|200)\}/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|svelte)$/.test(entry.name) ? [path] : [];
  });
}

describe('one rule, one place', () => {
  it.each(APPLIERS)('%s declares no limit, pattern or word list of its own', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const pattern of OWN_RULE) expect(text, `${file} matches ${pattern}`).not.toMatch(pattern);
  });

  it('the asset id pattern, the AEMP versions, the history metrics and the sort keys are spelled only in the contract', () => {
    const spelled = [
      /\(\??:?thing\|area\)/, // the asset id pattern
      /'1\.2',\s*'2\.0'|'1\.2'\s*\|\s*'2\.0'/, // AempVersion
      /'Location',\s*'CumulativeOperatingHours'|'Location'\s*\|\s*'CumulativeOperatingHours'/, // HistoryMetric
      /'name',\s*'id',\s*'type',\s*'category'|'name'\s*\|\s*'id'\s*\|\s*'type'/, // SortKey
    ];
    // The demo service is a separate program playing the remote service: it has its own rules on purpose.
    const files = [...sourceFiles(join(ROOT, 'src-main')), ...sourceFiles(join(ROOT, 'src-renderer/src'))].filter(
      (f) => !f.includes(`${join('src-main', 'contract', 'schemas')}`) && !f.includes(join('src-main', 'demo')),
    );
    const offenders = files.flatMap((f) => {
      const text = readFileSync(f, 'utf8');
      return spelled.filter((p) => p.test(text)).map((p) => `${relative(ROOT, f)} ${p}`);
    });
    expect(offenders).toEqual([]);
  });

  it('an export holds the largest asset list Fleet Desk reads', () => {
    expect(MAX_EXPORT_ASSET_IDS).toBe(MAX_ASSETS_PER_LIST);
  });
});
