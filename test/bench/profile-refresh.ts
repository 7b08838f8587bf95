/**
 * `npm run bench:profile [-- --assets 10000 --runs 5 --renderer --reuse-build]`: where a
 * scheduled refresh spends its time (see refresh-profile.ts), as one table. With
 * `--renderer`, one run through the web shell and headless Chromium adds the render side
 * (answer complete → list and map shown, CPU of both processes).
 */
import { parseArgs } from 'node:util';
import { buildBenchRenderer, buildBenchWebShell } from './build';
import { formatProfile, profileRefresh } from './refresh-profile';
import { startRendererHarness } from './renderer-figures';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      assets: { type: 'string', default: '10000' },
      runs: { type: 'string', default: '5' },
      renderer: { type: 'boolean', default: false },
      'reuse-build': { type: 'boolean', default: false },
    },
  });
  const assets = Number(values.assets);
  const runs = Number(values.runs);
  if (!Number.isInteger(assets) || assets <= 0 || !Number.isInteger(runs) || runs <= 0) throw new Error('--assets and --runs want whole numbers above 0');
  const log = (line: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
  const profile = await profileRefresh(assets, runs, log);
  let renderer;
  if (values.renderer) {
    const rendererDir = await buildBenchRenderer({ reuse: values['reuse-build'], log });
    const webShellEntry = await buildBenchWebShell({ reuse: values['reuse-build'], log });
    log('One run through the web shell and Chromium …');
    const harness = await startRendererHarness(assets, { rendererDir, webShellEntry }, log);
    try {
      const run = await harness.run();
      renderer = {
        answerToDataMs: run.changeAnswerToDataMs,
        listShownMs: run.changeListShownMs,
        mapShownMs: run.changeMapShownMs,
        rendererCpuMs: run.refreshRendererCpuMs,
        mainCpuMs: run.refreshMainCpuMs,
      };
    } finally {
      await harness.close();
    }
  }
  process.stdout.write(`\n${formatProfile(profile, renderer)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`The refresh profile failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
