// Start-up half of the location feature, loaded with the first page: kept tiny on purpose.
export function initLocation(): void {}
