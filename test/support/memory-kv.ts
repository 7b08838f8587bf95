/**
 * A key-value bucket in memory with the server's rules that the shared kinds rely on:
 * `create` is refused once the key exists, `update` is refused unless the revision given is
 * the key's last, every write gets the next revision. Watching is not followed (tests of
 * what arrives while watching use a real server).
 */
import type { KV } from '@nats-io/kv';

export interface MemoryKv {
  kv: KV;
  entries: Map<string, { value: Uint8Array; revision: number }>;
  /** Writes as another desk would (the next revision). */
  write(key: string, value: unknown): number;
  /** The JSON held under a key. */
  read<T>(key: string): T;
}

export function memoryKv(): MemoryKv {
  const entries = new Map<string, { value: Uint8Array; revision: number }>();
  let revision = 0;
  const set = (key: string, data: string): number => {
    entries.set(key, { value: new TextEncoder().encode(data), revision: ++revision });
    return revision;
  };
  const kv = {
    async create(key: string, data: string) {
      if (entries.has(key)) throw new Error('wrong last sequence');
      return set(key, data);
    },
    async update(key: string, data: string, seen: number) {
      if (entries.get(key)?.revision !== seen) throw new Error('wrong last sequence');
      return set(key, data);
    },
    async put(key: string, data: string) {
      return set(key, data);
    },
    async get(key: string) {
      const e = entries.get(key);
      return e ? { key, value: e.value, revision: e.revision, operation: 'PUT' } : null;
    },
    async keys() {
      const keys = [...entries.keys()];
      return (async function* () {
        yield* keys;
      })();
    },
    async watch() {
      return { stop() {}, async *[Symbol.asyncIterator]() {} };
    },
  };
  return {
    kv: kv as unknown as KV,
    entries,
    write: (key, value) => set(key, JSON.stringify(value)),
    read: <T>(key: string) => JSON.parse(new TextDecoder().decode(entries.get(key)!.value)) as T,
  };
}
