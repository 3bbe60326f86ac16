// Stands in for use-sync-external-store/shim (wouter's import, vite.config.ts): React 19 has the hook.
export { useSyncExternalStore } from 'react';
