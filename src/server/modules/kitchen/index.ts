// The kitchen module's door: the kitchen state the orders module reads when it places and accepts an
// order (pause, stock, prep-time settings) and the staff presence its sockets record. The module's
// plugin (routes, auto-accept, sweep) is ./plugin.ts, not re-exported here: its routes act on orders,
// and the orders module imports this door, so re-exporting it would make the two import each other.
export { kitchenSettings, loadKitchen, stockOf } from './queries.ts';
export { StaffPresence } from './presence.ts';
