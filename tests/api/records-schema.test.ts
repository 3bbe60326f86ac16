// The record types of src/server/db/records.ts against the migrated schema: every table has one, every
// property is a column of its table with the column's nullability and a type the driver returns for it,
// and every column is in the record or left out by name with a reason. The record types are read with
// the TypeScript compiler, so a record that drifts from the migrations fails here.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/index.ts';
import { COLUMNS_LEFT_OUT, RECORD_TABLES } from '../../src/server/db/records.ts';
import { openTestDatabase } from './helper.ts';

const RECORDS_FILE = fileURLToPath(new URL('../../src/server/db/records.ts', import.meta.url));
/** Tables that are not the application's data: migrate.ts's own bookkeeping. */
const NOT_RECORDED = ['schema_migrations'];

/** What a column of each SQL type comes back as from node-postgres and PGlite (see records.ts). */
const KINDS_OF_SQL_TYPE: Record<string, (kind: string) => boolean> = {
  int2: (k) => k === 'number',
  int4: (k) => k === 'number',
  int8: (k) => k === 'number',
  float8: (k) => k === 'number',
  numeric: (k) => k === 'string',
  text: (k) => k === 'string',
  bool: (k) => k === 'boolean',
  timestamptz: (k) => k === 'Date',
  jsonb: (k) => k === 'object' || k.endsWith('[]'),
  _int4: (k) => k === 'number[]',
  _text: (k) => k === 'string[]',
};

type Column = {
  udt_name: string;
  is_nullable: 'YES' | 'NO';
};

interface Property {
  nullable: boolean;
  optional: boolean;
  /** number, string, boolean, Date, object, <kind>[], or what else the type is. */
  kinds: string[];
}

/** Each exported type of records.ts named ...Record: its properties as the compiler sees them. */
function readRecordTypes(): Map<string, Map<string, Property>> {
  const program = ts.createProgram([RECORDS_FILE], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    noEmit: true,
    skipLibCheck: true,
  });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length) {
    throw new Error(ts.formatDiagnostics(diagnostics, ts.createCompilerHost({})));
  }
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(RECORDS_FILE)!;

  const kindsOf = (type: ts.Type): string[] => {
    if (type.flags & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)) return ['number'];
    if (type.flags & (ts.TypeFlags.String | ts.TypeFlags.StringLiteral)) return ['string'];
    if (type.flags & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) return ['boolean'];
    if (type.flags & ts.TypeFlags.Object) {
      if (checker.isArrayType(type)) {
        const [element] = checker.getTypeArguments(type as ts.TypeReference);
        return members(element!).map((k) => `${k}[]`);
      }
      return [type.getSymbol()?.getName() === 'Date' ? 'Date' : 'object'];
    }
    return [checker.typeToString(type)];
  };
  const members = (type: ts.Type): string[] => [
    ...new Set((type.isUnion() ? type.types : [type]).flatMap(kindsOf)),
  ];

  const records = new Map<string, Map<string, Property>>();
  for (const symbol of checker.getExportsOfModule(checker.getSymbolAtLocation(source)!)) {
    if (!(symbol.flags & (ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Interface))) continue;
    if (!symbol.getName().endsWith('Record')) continue;
    const props = new Map<string, Property>();
    for (const prop of checker.getDeclaredTypeOfSymbol(symbol).getProperties()) {
      const type = checker.getTypeOfSymbol(prop);
      const parts = type.isUnion() ? type.types : [type];
      const nonNull = parts.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
      props.set(prop.getName(), {
        nullable: parts.some((t) => t.flags & ts.TypeFlags.Null),
        optional: Boolean(prop.flags & ts.SymbolFlags.Optional),
        kinds: [...new Set(nonNull.flatMap(kindsOf))],
      });
    }
    records.set(symbol.getName(), props);
  }
  return records;
}

/** What is wrong with a record against its table's columns (nothing: []). */
function problems(
  props: Map<string, Property>,
  columns: Map<string, Column>,
  leftOut: Readonly<Record<string, string>>,
): string[] {
  const found: string[] = [];
  for (const [name, p] of props) {
    const column = columns.get(name);
    if (!column) {
      found.push(`${name}: no such column`);
      continue;
    }
    if (p.optional) found.push(`${name}: optional (a column is always in a row)`);
    const nullable = column.is_nullable === 'YES';
    if (p.nullable !== nullable) {
      found.push(
        `${name}: ${nullable ? 'nullable column, type without null' : 'not null column, type with null'}`,
      );
    }
    const fits = KINDS_OF_SQL_TYPE[column.udt_name];
    if (!fits) found.push(`${name}: no rule for SQL type ${column.udt_name}`);
    else if (p.kinds.length === 0 || !p.kinds.every(fits)) {
      found.push(
        `${name}: ${p.kinds.join(' | ') || 'nothing'} is not what a ${column.udt_name} column returns`,
      );
    }
  }
  for (const name of columns.keys()) {
    if (!props.has(name) && !(name in leftOut)) found.push(`${name}: column missing from the record`);
  }
  for (const name of Object.keys(leftOut)) {
    if (!columns.has(name)) found.push(`${name}: left out, but no such column`);
    else if (props.has(name)) found.push(`${name}: left out, but in the record`);
  }
  return found;
}

let opened: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
let records: Map<string, Map<string, Property>>;
const tables = new Map<string, Map<string, Column>>();

beforeAll(async () => {
  records = readRecordTypes();
  opened = await openTestDatabase();
  db = opened.db;
  const rows = await db.query<Column & { table_name: string; column_name: string }>(
    `select table_name, column_name, udt_name, is_nullable from information_schema.columns
      where table_schema = 'public' and table_name in
            (select table_name from information_schema.tables
              where table_schema = 'public' and table_type = 'BASE TABLE')
      order by table_name, ordinal_position`,
  );
  for (const r of rows) {
    if (NOT_RECORDED.includes(r.table_name)) continue;
    const columns = tables.get(r.table_name) ?? new Map<string, Column>();
    columns.set(r.column_name, { udt_name: r.udt_name, is_nullable: r.is_nullable });
    tables.set(r.table_name, columns);
  }
}, 60_000);

afterAll(async () => {
  await db?.close();
  await opened?.drop();
});

describe('record types (db/records.ts) against the migrated schema', () => {
  it('has one record per table, and names a table for each record', () => {
    expect(Object.values(RECORD_TABLES).sort()).toEqual([...tables.keys()].sort());
    expect([...records.keys()].sort()).toEqual(Object.keys(RECORD_TABLES).sort());
    expect(Object.keys(COLUMNS_LEFT_OUT).filter((t) => !tables.has(t))).toEqual([]);
  });

  it.each(Object.entries(RECORD_TABLES))('%s matches the columns of %s', (record, table) => {
    const props = records.get(record);
    const columns = tables.get(table);
    expect(props, `${record} is not an exported type of records.ts`).toBeDefined();
    expect(columns, `no table ${table}`).toBeDefined();
    expect(problems(props!, columns!, COLUMNS_LEFT_OUT[table] ?? {})).toEqual([]);
  });
});
