// Late-bound app actions that guards and the shell call but features implement (the cart feature
// sets loadCart at start-up), so app/ never imports a feature's internals.
export const hooks = {
  loadCart: (): void => undefined,
};
