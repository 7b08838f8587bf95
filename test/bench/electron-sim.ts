/**
 * The benchmark's end of electron-main-sim.ts: starts the simulated Electron main as its
 * own process (with the event-loop probe), and talks to it and to its renderer thread.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { Result } from '../../src-main/contract';
import { EVENT_LOOP_PROBE, EventLoopProbe } from './main-side-probe';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SIM_ENTRY = join(import.meta.dirname, 'electron-main-sim.ts');

/** What the renderer thread holds (see sim-renderer-thread.mjs). */
export interface SimRendererState {
  fetchedAt: string | null;
  /** Epoch ms when the renderer first held a list. */
  firstListAt: number | null;
  lists: { at: number; fetchedAt: string; how: string }[];
  statusState: string | null;
  lastSyncAt: string | null;
  held: number;
  errors: string[];
}

export interface ElectronSim {
  pid: number;
  /** Epoch ms just before the process was spawned. */
  spawnedAt: number;
  probe: EventLoopProbe;
  call<T>(channel: string, args?: unknown[]): Promise<T>;
  rendererState(): Promise<SimRendererState>;
  startPings(channel?: string, everyMs?: number): Promise<void>;
  stopPings(): Promise<{ times: number[]; unanswered: number }>;
  stop(): Promise<void>;
}

export async function startElectronSim(env: Record<string, string>, log: (line: string) => void): Promise<ElectronSim> {
  const spawnedAt = performance.timeOrigin + performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--import', EVENT_LOOP_PROBE, SIM_ENTRY], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.send({ sim: 'stop' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  let nextId = 1;
  const ask = <T>(message: object, answer: string, timeoutMs = 120_000): Promise<T> => {
    const id = nextId++;
    return new Promise<T>((resolveReply, reject) => {
      const timer = setTimeout(() => {
        child.off('message', onMessage);
        reject(new Error(`The simulated Electron main did not answer within ${timeoutMs / 1000} s: ${stderr.slice(-300)}`));
      }, timeoutMs);
      const onMessage = (reply: { sim?: string; id?: number }) => {
        if (reply?.sim !== answer || reply.id !== id) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolveReply(reply as T);
      };
      child.on('message', onMessage);
      child.send({ ...message, id });
    });
  };
  try {
    await new Promise<void>((resolveReady, reject) => {
      const timer = setTimeout(() => reject(new Error(`The simulated Electron main did not start within 120 s: ${stderr.slice(-500)}`)), 120_000);
      child.on('message', (message: { sim?: string }) => {
        if (message?.sim !== 'ready') return;
        clearTimeout(timer);
        resolveReady();
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`The simulated Electron main exited (${code}): ${stderr.slice(-500)}`));
      });
    });
  } catch (err) {
    await stop();
    throw err;
  }
  log('  simulated Electron main ready');
  const renderer = async <T>(control: object): Promise<T> => (await ask<{ reply: T }>({ sim: 'renderer', control }, 'renderer')).reply;
  return {
    pid: child.pid!,
    spawnedAt,
    probe: new EventLoopProbe(child),
    call: async <T>(channel: string, args: unknown[] = []) => {
      const { result } = await ask<{ result: Result<T> }>({ sim: 'call', channel, args }, 'called');
      if (!result.ok) throw new Error(`${channel} failed: ${result.error.message}`);
      return result.value;
    },
    rendererState: async () => (await renderer<{ state: SimRendererState }>({ control: 'state' })).state,
    startPings: async (channel = 'status:get', everyMs = 10) => {
      await renderer({ control: 'pings-start', channel, everyMs });
    },
    stopPings: () => renderer<{ times: number[]; unanswered: number }>({ control: 'pings-stop' }),
    stop,
  };
}
