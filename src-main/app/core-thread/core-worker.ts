/**
 * The core's worker entry (bundled as `core-worker.js` beside the shells' entries; run from
 * this source under tsx in tests and the bench): the whole core, built off the main thread.
 */
import { createFleetDesk } from '../fleet-desk';
import { runCoreWorker } from './worker';

runCoreWorker(createFleetDesk);
