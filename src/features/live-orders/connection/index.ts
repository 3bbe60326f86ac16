// What the live-orders page mounts from the connection: the indicator and the state hook.
export { ConnectionIndicator } from './connection-indicator.tsx';
export { useConnectionState, useSocketMessages, useStaffSocket } from './use-staff-socket.ts';
export type { ConnectionState } from './staff-socket.ts';
