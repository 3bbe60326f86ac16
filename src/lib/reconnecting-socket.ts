// The app's door to reconnecting-websocket (the order sockets of staff and of tracking): features reach
// third-party plumbing through src/lib, so a change of library is made here.
export { default as ReconnectingWebSocket } from 'reconnecting-websocket';
