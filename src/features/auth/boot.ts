// Start-up half of the auth feature, loaded with the first page: kept tiny on purpose.
export function initAuth(): void {}
export async function logout(): Promise<void> {}
