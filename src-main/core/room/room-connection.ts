/**
 * The desk's connection to its room server, built from the profile's room settings and
 * the secret kept in the keychain. Reconnecting is the NATS client's own work (it retries
 * for ever); the server's certificate is checked against the configured CA (or the
 * system's), never skipped.
 */
import { readFileSync } from 'node:fs';
import { connect, nkeyAuthenticator, tokenAuthenticator, usernamePasswordAuthenticator, type ConnectionOptions, type NatsConnection } from '@nats-io/transport-node';
import type { RoomSettings } from '../../contract';
import { FleetError } from '../errors';

export interface RoomConnectOptions {
  settings: RoomSettings;
  /** The password, token or nkey seed from the keychain; null when none is kept. */
  secret: string | null;
  /** Shown in the server's connection list (the desk's name). */
  name: string;
  /** How long one attempt to reach the server may take. */
  timeoutMs?: number;
}

/** The client's options for these settings; throws a FleetError saying what to fix. */
export function connectionOptions(options: RoomConnectOptions): ConnectionOptions {
  const { settings, secret } = options;
  const url = new URL(settings.url);
  const secure = url.protocol === 'tls:';
  const out: ConnectionOptions = {
    servers: `${url.hostname.includes(':') ? `[${url.hostname}]` : url.hostname}:${url.port || '4222'}`,
    name: options.name,
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1000,
    timeout: options.timeoutMs ?? 5000,
    // The room's traffic is a few messages a minute: a silent server is noticed by pings.
    pingInterval: 10_000,
  };
  if (secure) {
    out.tls = {};
    if (settings.caFile !== '') {
      let ca: string;
      try {
        ca = readFileSync(settings.caFile, 'utf8');
      } catch (err) {
        throw new FleetError('invalid-argument', `The room server's CA file could not be read (${settings.caFile}: ${(err as NodeJS.ErrnoException).code ?? 'unreadable'})`);
      }
      out.tls.ca = ca;
    }
  }
  if (settings.auth !== 'none' && !secret) {
    throw new FleetError('unauthorized', 'The room server needs a password, token or seed: type it in the profile’s room settings');
  }
  if (settings.auth === 'user') out.authenticator = usernamePasswordAuthenticator(settings.user, secret ?? '');
  else if (settings.auth === 'token') out.authenticator = tokenAuthenticator(secret ?? '');
  else if (settings.auth === 'nkey') out.authenticator = nkeyAuthenticator(new TextEncoder().encode(secret ?? ''));
  return out;
}

export async function connectRoom(options: RoomConnectOptions): Promise<NatsConnection> {
  return connect(connectionOptions(options));
}
