// Errors without a stack trace for React DOM's load. React DOM makes five Error objects as it evaluates
// (the sentinels it throws to suspend a render, compared only by identity, never shown). While an
// inspector is attached, as Lighthouse's is, V8 records a detailed stack trace for every Error made,
// and for that it needs the source positions of every function on the stack: React DOM's whole 200 kB
// module function among them, which V8 then parses again (30-57 ms at 1x on this machine, 100-150 ms of
// the simulated phone's blocking time, on every page). A browser without an inspector never does this.
// Importing this module makes `Error` hand out objects that inherit from Error's prototype (so
// `instanceof Error`, `message` and `cause` hold) but are made without the constructor, so no stack is
// captured, until `stopStacklessErrors()`; react-dom-load.ts brackets React DOM's evaluation with the
// two. A subclass (`class X extends Error`) still gets a real Error.
const NativeError = Error;

function stackless(args: unknown[]): Error {
  const error = Object.create(NativeError.prototype) as Error;
  const [message, options] = args as [unknown, { cause?: unknown } | undefined];
  const own = { configurable: true, writable: true, enumerable: false };
  if (message !== undefined) Object.defineProperty(error, 'message', { ...own, value: String(message) });
  if (options && 'cause' in options) Object.defineProperty(error, 'cause', { ...own, value: options.cause });
  return error;
}

const StacklessError: ErrorConstructor = new Proxy(NativeError, {
  apply: (_target, _this, args: unknown[]) => stackless(args),
  construct: (target, args: unknown[], newTarget): object =>
    newTarget === StacklessError ? stackless(args) : Reflect.construct(target, args, newTarget),
});

globalThis.Error = StacklessError;

/** Puts the native `Error` back. */
export function stopStacklessErrors(): void {
  globalThis.Error = NativeError;
}
