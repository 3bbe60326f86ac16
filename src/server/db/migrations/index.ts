// Every migration, in the order it runs. A migration never changes once it has landed: add a new one.
import { sql as core } from './001-core.ts';

export const migrations: ReadonlyArray<{ name: string; sql: string }> = [{ name: '001-core', sql: core }];
