// useSyncExternalStore's subscription for a value that never changes once the browser reads it (or
// for a store that is not there, as on the server): React reads the server snapshot while hydrating
// and the browser's value right after, and never needs to be told of a change.
export const noChanges = (): (() => void) => () => {};
