/**
 * Worker thread of `npm run bench`: a small contract call to the web shell every `everyMs`
 * (as the page's bridge sends it: POST /api/invoke/<channel> with the run's secret), each
 * timed from send to answer. Posts 'started' at once; on 'stop' posts { times, unanswered }.
 */
import { parentPort, workerData } from 'node:worker_threads';

const { url, secret, everyMs } = workerData;
const times = [];
let inFlight = 0;

async function call() {
  const start = performance.now();
  inFlight++;
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-fleet-secret': secret }, body: '{"args":[]}' });
    const body = await res.json();
    times.push(body && body.ok ? performance.now() - start : Number.NaN);
  } catch {
    times.push(Number.NaN);
  } finally {
    inFlight--;
  }
}

const timer = setInterval(() => void call(), everyMs);
parentPort.postMessage('started');
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  parentPort.postMessage({ times, unanswered: inFlight });
});
