/** Acknowledging alerts on the main side in bounded calls. */
import { call } from '../../lib/bridge';

/** Ids per `alerts:acknowledge` call, so acknowledging thousands never makes one huge request. */
export const ACK_CHUNK = 500;

/** Sends the ids in chunks, in order; the counts after each chunk arrive as 'alerts:counts'. Throws on the first refusal. */
export async function sendAcknowledgements(ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += ACK_CHUNK) await call('alerts:acknowledge', ids.slice(i, i + ACK_CHUNK));
}
