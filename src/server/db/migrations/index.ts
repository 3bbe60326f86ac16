// Every migration, in the order it runs. A migration never changes once it has landed: add a new one.
import { sql as core } from './001-core.ts';
import { sql as discovery } from './002-discovery.ts';
import { sql as accounts } from './003-accounts.ts';
import { sql as checkout } from './004-checkout.ts';
import { sql as orders } from './005-orders.ts';

export const migrations: ReadonlyArray<{ name: string; sql: string }> = [
  { name: '001-core', sql: core },
  { name: '002-discovery', sql: discovery },
  { name: '003-accounts', sql: accounts },
  { name: '004-checkout', sql: checkout },
  { name: '005-orders', sql: orders },
];
