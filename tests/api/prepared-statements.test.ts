// Named (prepared) statements give the same rows and the same errors as unnamed ones on both
// databases: on PGlite they run as SQL EXECUTE with the values written as literals, so every
// hostile value must arrive as the value it was and never as SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/index.ts';
import { isDataException } from '../../src/server/db/errors.ts';
import { openTestDatabase } from './helper.ts';

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await db.exec('create table prepared_probe (id int primary key, label text, at timestamptz, ok bool)');
});
afterAll(async () => {
  await db.close();
  await drop();
});

const HOSTILE = [
  "it's",
  "'); drop table prepared_probe; --",
  "back\\slash \\' and \\",
  "$1 $$ $tag$ E'x'",
  'नमस्ते 🍛 \u00a0 \u2028 end',
  '',
  ' '.repeat(3) + '\n\t\r',
];

describe('a named statement', () => {
  it('returns what the unnamed statement returns, for every hostile text', async () => {
    const sql = 'select $1::text as label, length($1) as n, $2::int + 1 as next';
    for (const [i, text] of HOSTILE.entries()) {
      const named = await db.query(sql, [text, i], { name: 'probe_echo' });
      expect(named).toEqual(await db.query(sql, [text, i]));
      expect(named).toEqual([{ label: text, n: expect.any(Number), next: i + 1 }]);
    }
    expect(await db.query('select count(*)::int as n from prepared_probe')).toEqual([{ n: 0 }]);
  });

  it('writes and reads back null, numbers, booleans and dates as the unnamed one does', async () => {
    const at = new Date('2026-12-08T10:20:30.456Z');
    const insert = 'insert into prepared_probe (id, label, at, ok) values ($1, $2, $3, $4) returning *';
    const [row] = await db.query(insert, [1, null, at, true], { name: 'probe_insert' });
    expect(row).toEqual({ id: 1, label: null, at, ok: true });
    const select = 'select * from prepared_probe where id = $1 and ok = $2';
    const named = await db.query(select, [1, true], { name: 'probe_select' });
    expect(named).toEqual(await db.query(select, [1, true]));
    expect(await db.query(select, [1, false], { name: 'probe_select' })).toEqual([]);
  });

  it('refuses NUL in a text as data (a 400 to the client), as a bound value is refused', async () => {
    const sql = 'select $1::text as label';
    const named = await db.query(sql, ['a\0b'], { name: 'probe_nul' }).catch((e: unknown) => e);
    const unnamed = await db.query(sql, ['a\0b']).catch((e: unknown) => e);
    expect(isDataException(named)).toBe(true);
    expect(isDataException(unnamed)).toBe(true);
  });

  it('runs inside a transaction and is rolled back with it', async () => {
    const insert = 'insert into prepared_probe (id, label) values ($1, $2)';
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, [2, 'in a transaction'], { name: 'probe_tx_insert' });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await db.query('select id from prepared_probe where id = 2')).toEqual([]);
  });
});
