/**
 * Peak RSS of the main side's core against the hostile cases, each in a child process
 * with a 1 GB heap:
 *
 *   node --import tsx test/integration/hostile/measure-rss.ts [case …]
 *
 * Prints one line per case: how it ended, the peak RSS, time, and what was kept.
 */
import { HOSTILE_CASES, type HostileCase } from './hostile-service';
import { runHostileCase } from './run-child';

const wanted = (process.argv.slice(2) as HostileCase[]).filter((c) => HOSTILE_CASES.includes(c));
for (const kind of wanted.length > 0 ? wanted : HOSTILE_CASES) {
  const run = await runHostileCase(kind);
  const r = run.result;
  const ending = r
    ? r.ok
      ? `finished ok (${r.shownAfter} shown)`
      : `error ${r.errorKind}: ${r.message}`
    : `DIED (exit ${run.exitCode ?? '-'}, signal ${run.signal ?? '-'}${run.timedOut ? ', killed after the time limit' : ''}): ${run.stderrTail.split('\n').filter((l) => /FATAL|heap|memory|Error/i.test(l)).slice(0, 2).join(' | ')}`;
  console.log(
    `${kind}: peak RSS ${run.peakRssMb} MB; ${ending}; ` +
      `${r ? `${r.seconds.toFixed(1)} s; good ${r.goodBefore}, kept ${r.keptAfter}, shown ${r.shownAfter}; ` : ''}` +
      `service sent ${run.pagesServed} hostile pages, ${run.assetsSent} assets, ${(run.bytesSent / 1e6).toFixed(0)} MB`,
  );
}
