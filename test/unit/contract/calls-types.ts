/**
 * Compile-time checks of the call table (src-main/contract/calls.ts), run by the type
 * check (`tsc --noEmit -p tsconfig.json`), not by vitest: every `@ts-expect-error` below
 * must meet an error, so a table that stopped refusing one of these fails the type check.
 */
import { AssetIdSchema, DEFAULT_SETTINGS } from '../../../src-main/contract';
import type { InvokeArgs, InvokeChannel, InvokeHandlers, InvokeResult, Settings } from '../../../src-main/contract';
import { arg, call, defineCalls, returns } from '../../../src-main/contract/calls';

// A call whose argument has no schema does not compile.
defineCalls({
  // @ts-expect-error -- an argument is a name and a valibot schema, made with arg()
  'asset:rename': call([['asset id', AssetIdSchema]], returns<void>()),
});
// @ts-expect-error -- arg() takes a valibot schema, nothing else
arg('asset id', 'thing:1');

// A call without its argument list or without its result does not compile.
defineCalls({
  // @ts-expect-error -- every call lists its arguments (none: [])
  'asset:rename': { result: returns<void>() },
});
defineCalls({
  // @ts-expect-error -- every call names its result (nothing: returns<void>())
  'asset:rename': { args: [arg('asset id', AssetIdSchema)] },
});
// What such a table accepts, for contrast: the same call with its schema and result.
defineCalls({ 'asset:rename': call([arg('asset id', AssetIdSchema)], returns<void>()) });

// A handler map missing a call does not compile.
declare const handlers: InvokeHandlers;
const { 'settings:set': _dropped, ...withoutOne } = handlers;
// @ts-expect-error -- every call needs its handler
export const missingOne: InvokeHandlers = withoutOne;
export const complete: InvokeHandlers = { ...withoutOne, 'settings:set': async () => undefined };

// A handler that answers what the event carries does not compile.
export const answersTooMuch: InvokeHandlers = {
  ...withoutOne,
  // @ts-expect-error -- settings:set answers nothing: the 'settings' event carries the settings
  'settings:set': async (): Promise<Settings> => DEFAULT_SETTINGS,
};

// The renderer's arguments are the schemas' input: a wrong one does not compile.
declare function invoke<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<InvokeResult<C>>;
// @ts-expect-error -- hours back is a number
void invoke('trail:get', 'thing:1', '24');
// @ts-expect-error -- a call the table does not have
void invoke('shell:exec', 'rm');
void invoke('trail:get', 'thing:1', 24);
void invoke('profiles:test', { name: 'N', baseUrl: 'https://n.example/v1', aempUrl: '', authorizeUrl: '', tokenUrl: '', clientId: '', scopes: '' });
// profiles:save answers the id only.
export const savedId: Promise<string> = invoke('profiles:save', { name: 'N', baseUrl: 'https://n.example/v1', aempUrl: '', authorizeUrl: '', tokenUrl: '', clientId: '', scopes: '' });
