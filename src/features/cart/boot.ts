// Start-up half of the cart feature, loaded with the first page: kept tiny on purpose.
export function loadCart(): void {}
