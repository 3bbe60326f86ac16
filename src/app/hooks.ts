// Late-bound app actions that guards and the shell call but features implement (set in
// bootstrap.ts), so the shell never reaches into a feature's internals.
export const hooks = {
  loadCart: (): void => undefined,
  logout: (): Promise<void> => Promise.resolve(),
};
