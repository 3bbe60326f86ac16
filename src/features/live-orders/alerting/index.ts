// What the live-orders page mounts from the alerting: the alert bar and its hook.
export { AlertBar } from './alert-bar.tsx';
export { useAlerting, type Alerting } from './use-alerting.ts';
