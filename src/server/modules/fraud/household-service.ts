import type { z } from 'zod';
import type { householdAddressBody } from '@shared/contracts/fraud';
import type { AppContext } from '@server/lib/context';
import { AppError } from '@server/lib/errors';
import * as repo from './repository';
import { hashKeyOf } from './attribution';
import { hashIdentity } from './signals';

/** A pro staffer's household addresses for the own-use check: kept only as a keyed hash and a masked label. */
export const MAX_HOUSEHOLD_ADDRESSES = 10;

type Address = z.output<typeof householdAddressBody>;
const toAddress = (row: { id: number; label: string; createdAt: Date }) => ({ id: row.id, label: row.label, createdAt: row.createdAt.toISOString() });

/** `12 Oak Street` in Boise, US → `12 O… Street, Boise US`: enough to recognise, not to read back. */
export function maskedLabel(address: Address): string {
  const [first = '', ...rest] = address.line1.split(/\s+/);
  const street = /^\d/.test(first) ? rest : [first, ...rest];
  const number = /^\d/.test(first) ? `${first} ` : '';
  const masked = street.length > 1 ? `${street[0][0]}… ${street[street.length - 1]}` : `${(street[0] ?? '?')[0]}…`;
  return `${number}${masked}, ${address.city} ${address.country}`;
}

export async function list(ctx: AppContext, proStaffId: number) {
  return { addresses: (await repo.listHouseholdAddresses(ctx.db, proStaffId)).map(toAddress) };
}

export async function add(ctx: AppContext, proStaffId: number, address: Address) {
  if ((await repo.countHouseholdAddresses(ctx.db, proStaffId)) >= MAX_HOUSEHOLD_ADDRESSES) throw new AppError('VALIDATION', `At most ${MAX_HOUSEHOLD_ADDRESSES} household addresses`);
  const [hash] = hashIdentity({ emails: [], phones: [], addresses: [{ ...address, line2: address.line2 ?? null }] }, hashKeyOf(ctx.config)).addresses;
  if (!hash) throw new AppError('VALIDATION', 'This address cannot be read: enter the street, city and postal code');
  const row = await repo.insertHouseholdAddress(ctx.db, { proStaffId, addressHash: hash, label: maskedLabel(address) });
  if (!row) throw new AppError('CONFLICT', 'You already added this address');
  return toAddress(row);
}

export async function remove(ctx: AppContext, proStaffId: number, id: number): Promise<void> {
  if (!(await repo.deleteHouseholdAddress(ctx.db, proStaffId, id))) throw new AppError('NOT_FOUND', 'Address not found');
}
