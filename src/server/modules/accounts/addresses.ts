// Saved delivery addresses: every query is scoped to the caller, so another user's id answers 404.
import type { z } from 'zod';
import type { Queryable } from '../../db/index.ts';
import type { AddressRecord } from '../../db/records.ts';
import { HttpError } from '../../http/errors.ts';
import type { Address, createAddressRequest } from '../../../shared/api/accounts.ts';
import { addressIdParamsSchema } from '../../../shared/api/accounts.ts';

export const MAX_ADDRESSES_PER_USER = 50;

type AddressRow = Omit<AddressRecord, 'user_id'>;

const COLUMNS =
  'id, address, flat, landmark, address_type, latitude, longitude, address_components, place_id, created_at';

const toAddress = (r: AddressRow): Address => ({
  id: r.id,
  address: r.address,
  flat: r.flat,
  landmark: r.landmark,
  address_type: r.address_type,
  latitude: Number(r.latitude),
  longitude: Number(r.longitude),
  address_components: Array.isArray(r.address_components)
    ? (r.address_components as Address['address_components'])
    : [],
  place_id: r.place_id,
  created_at: new Date(r.created_at).toISOString(),
});

const notFound = () => new HttpError(404, 'Address not found.', 'not_found');

/** Path ids: a positive integer in the database's range, anything else is a 404 like an unknown id. */
export function parseAddressId(raw: unknown): number {
  const parsed = addressIdParamsSchema.shape.id.safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export async function listAddresses(db: Queryable, userId: number): Promise<Address[]> {
  const rows = await db.query<AddressRow>(
    `select ${COLUMNS} from addresses where user_id = $1 order by id desc`,
    [userId],
  );
  return rows.map(toAddress);
}

export async function getAddress(db: Queryable, userId: number, id: number): Promise<Address> {
  const [row] = await db.query<AddressRow>(
    `select ${COLUMNS} from addresses where id = $1 and user_id = $2`,
    [id, userId],
  );
  if (!row) throw notFound();
  return toAddress(row);
}

export async function createAddress(
  db: Queryable,
  userId: number,
  input: z.output<typeof createAddressRequest>,
): Promise<Address> {
  const [row] = await db.query<AddressRow>(
    `insert into addresses (user_id, address, flat, landmark, address_type, latitude, longitude,
                            address_components, place_id)
     select $1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9
      where (select count(*) from addresses where user_id = $1) < $10
     returning ${COLUMNS}`,
    [
      userId,
      input.address,
      input.flat,
      input.landmark,
      input.address_type,
      input.latitude,
      input.longitude,
      JSON.stringify(input.address_components),
      input.place_id,
      MAX_ADDRESSES_PER_USER,
    ],
  );
  if (!row) {
    throw new HttpError(
      400,
      `You can save at most ${MAX_ADDRESSES_PER_USER} addresses. Delete one first.`,
      'too_many_addresses',
    );
  }
  return toAddress(row);
}

export async function deleteAddress(db: Queryable, userId: number, id: number): Promise<void> {
  const rows = await db.query('delete from addresses where id = $1 and user_id = $2 returning id', [
    id,
    userId,
  ]);
  if (!rows.length) throw notFound();
}
