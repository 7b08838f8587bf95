/** Calls a handler the way both shells do: through the IPC argument table first. */
import type { InvokeChannel } from '../../../../src-main/contract';
import { validateInvoke } from '../../../../src-main/core/ipc/validate-args';

type AnyHandlers = Partial<Record<InvokeChannel, unknown>>;

/** Rejects with the IPC check's FleetError, or runs the handler with the checked arguments. */
export async function throughIpc(handlers: AnyHandlers, channel: InvokeChannel, args: readonly unknown[]): Promise<unknown> {
  const checked = validateInvoke(channel, [...args]);
  return (handlers[checked.channel] as (...a: unknown[]) => Promise<unknown>)(...(checked.args as unknown[]));
}
