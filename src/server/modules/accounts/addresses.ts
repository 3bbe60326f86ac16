// Saved delivery addresses: every query is scoped to the caller, so another user's id answers 404.
import type { z } from 'zod';
import type { Queryable } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import type { Address, createAddressRequest } from '../../../shared/api/accounts.ts';
import { addressIdParamsSchema } from '../../../shared/api/accounts.ts';
import { addressRow, addressRows, deleteAddressRow, insertAddress, type AddressRow } from './queries.ts';

export const MAX_ADDRESSES_PER_USER = 50;

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
  return (await addressRows(db, userId)).map(toAddress);
}

export async function getAddress(db: Queryable, userId: number, id: number): Promise<Address> {
  const row = await addressRow(db, userId, id);
  if (!row) throw notFound();
  return toAddress(row);
}

export async function createAddress(
  db: Queryable,
  userId: number,
  input: z.output<typeof createAddressRequest>,
): Promise<Address> {
  const row = await insertAddress(db, userId, input, MAX_ADDRESSES_PER_USER);
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
  if (!(await deleteAddressRow(db, userId, id))) throw notFound();
}
