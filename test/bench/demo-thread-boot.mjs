// Worker threads do not get tsx's loader from the parent: register it, then run the TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('./demo-thread-worker.ts');
