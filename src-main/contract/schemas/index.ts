/**
 * The shared schemas (valibot): every rule the renderer and the main side both apply,
 * written once. The forms, the IPC argument check and the stores all parse through
 * these, and the contract's types are inferred from them. Browser-safe: nothing here
 * imports Node, Electron or the core.
 */
export * from './text';
export * from './ids';
export * from './aemp';
export * from './assets';
export * from './settings';
export * from './profile';
export * from './room';
export * from './alert-rules';
export * from './auth';
export * from './notes';
