/**
 * Where an access token may be sent: the http(s) origins of the addresses it was issued
 * for, each once. The one rule behind every pinned token source (the active profile's,
 * a fixed connection's); an address with a user name, another scheme or no host adds none.
 */
import { originOf } from '../../contract';

export function tokenOrigins(addresses: readonly string[]): string[] {
  return [...new Set(addresses.map(originOf).filter((o): o is string => o !== null))];
}
