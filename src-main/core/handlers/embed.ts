/**
 * Handlers for embed maps: open a fresh signed URL from the service (remembered by id),
 * and, in the Electron shell, draw or hide a remembered session's view.
 */
import type { AssetSnapshot } from '../../contract';
import { EmbedSessions } from '../embed/embed-sessions';
import { openEmbed } from '../embed/embed-service';
import { FleetError } from '../errors';
import type { CoreContext, HandlerGroup } from '../ports';

export type EmbedChannels = 'embed:open' | 'embed:show' | 'embed:hide';

export interface EmbedHandlerDeps {
  ctx: Pick<CoreContext, 'http' | 'connection' | 'platform'>;
  /** The active profile's last asset list (an asset's own embed URL may be reused), or null. */
  snapshot(): AssetSnapshot | null;
  sessions?: EmbedSessions;
  now?: () => Date;
}

export function createEmbedHandlers(deps: EmbedHandlerDeps): HandlerGroup<EmbedChannels> {
  const { ctx } = deps;
  const sessions = deps.sessions ?? new EmbedSessions();
  const now = deps.now ?? (() => new Date());
  return {
    // Arguments arrive checked by the IPC table (core/ipc/validate-args.ts): the map request and the session id.
    'embed:open': async (checked) => {
      let snapshot: AssetSnapshot | null = null;
      if (checked.kind === 'asset') {
        try {
          snapshot = deps.snapshot();
        } catch {
          snapshot = null; // without the list we simply ask the service for a fresh URL
        }
      }
      const session = await openEmbed(ctx.http(), ctx.connection(), checked, now(), { snapshot });
      sessions.remember(session);
      return session;
    },
    'embed:show': async (sessionId, bounds) => {
      const { platform } = ctx;
      if (!platform.showEmbed) return; // the web shell draws embeds in an iframe
      const session = sessions.get(sessionId);
      if (!session) throw new FleetError('invalid-argument', 'That map session is unknown or was replaced; open the map again.');
      await platform.showEmbed(session.url, session.id, bounds);
    },
    'embed:hide': async () => {
      await ctx.platform.hideEmbed?.();
    },
  };
}
