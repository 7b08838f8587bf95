/** Calls a running web shell makes from the bench's side, and waiting for what it shows. */

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Invokes a channel over the web shell's HTTP endpoint (the page's secret from its address). */
export async function invoke(url: string, channel: string, args: unknown[] = []): Promise<unknown> {
  const page = new URL(url);
  const secret = new URLSearchParams(page.hash.slice(1)).get('secret') ?? '';
  const res = await fetch(`${page.origin}/api/invoke/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-fleet-secret': secret },
    body: JSON.stringify({ args }),
  });
  const body = (await res.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
  if (!body.ok) throw new Error(`${channel} failed: ${body.error?.message}`);
  return body.value;
}

/** Whether the shell's status says online (false while it does not answer yet, e.g. busy with a big list). */
export async function shellOnline(url: string): Promise<boolean> {
  const status = (await invoke(url, 'status:get').catch(() => null)) as { state?: string } | null;
  return status?.state === 'online';
}

/** Polls `check` every 100 ms until it gives a value; throws naming `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 300_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}
