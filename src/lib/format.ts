// Display formatting: money arrives as integer paise and is shown in rupees, distances arrive in metres;
// both rules are in src/shared (money.ts, distance.ts), which the server's messages use too.
export { formatCount, formatRupees } from '../shared/money.ts';
export { formatDistance, formatRadius } from '../shared/distance.ts';
