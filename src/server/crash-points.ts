// Test-only failpoints for the crash suite (tests/crash): with NODE_ENV=test and CRASH_AT naming a
// point, the process kills itself with SIGKILL when it first reaches that point, exactly as a power cut
// or an OOM kill would, so the suite can prove that no step of a checkout loses or doubles money.
// Outside NODE_ENV=test the variable is ignored and every call is a no-op.

export const CRASH_POINTS = [
  'createorder:after-commit',
  'createorder:after-provider-order',
  'sandbox:after-capture',
  'payment:after-provider-capture',
  'payment:before-commit',
  'payment:after-commit',
  'webhook:before-commit',
  'webhook:after-commit',
  'refund:before-provider',
  'refund:after-provider',
  'reconcile:after-provider',
] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

const armed = process.env['NODE_ENV'] === 'test' ? process.env['CRASH_AT'] : undefined;

export function crashPoint(name: CrashPoint): void {
  if (armed === name) process.kill(process.pid, 'SIGKILL');
}
