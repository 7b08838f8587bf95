/**
 * The embed sessions the renderer opened, by id, so the Electron shell can draw one when
 * the renderer names it (`embed:show` carries an id, never a URL). Only the most recent
 * ones are kept: an older id is answered as unknown, and the renderer opens the map again.
 */
import type { EmbedSession } from '../../contract';

/** Sessions remembered; more than the renderer ever shows at once. */
export const KEPT_EMBED_SESSIONS = 20;

export class EmbedSessions {
  private readonly byId = new Map<string, EmbedSession>();

  constructor(private readonly limit: number = KEPT_EMBED_SESSIONS) {}

  remember(session: EmbedSession): void {
    this.byId.delete(session.id);
    this.byId.set(session.id, session);
    while (this.byId.size > this.limit) this.byId.delete(this.byId.keys().next().value as string);
  }

  get(id: string): EmbedSession | null {
    return this.byId.get(id) ?? null;
  }

  get size(): number {
    return this.byId.size;
  }
}
