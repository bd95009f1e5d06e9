import type { SessionUser } from '@shared/contracts/auth';
import type { BoothEvent, BoothEventFields, BoothReport } from '@shared/contracts/booths';
import { boothEventFields } from '@shared/contracts/booths';
import { formatMinorUnits } from '@shared/currency';
import type { z } from 'zod';
import type { AppContext } from '@server/lib/context';
import type { Database } from '@server/db/client';
import { AppError, notFound } from '@server/lib/errors';
import { utcDay } from '@server/lib/utc-day';
import * as repo from './repository';
import { zonedToUtc } from './zoned-time';

type BusinessUser = SessionUser & { businessId: number };
type Fields = z.output<typeof boothEventFields>;

const fieldError = (path: string, message: string) => new AppError('VALIDATION', `${path}: ${message}`, [{ path, message }]);

function toEvent(row: repo.EventRow, windows: repo.WindowRow[], staff: repo.StaffRow[]): BoothEvent {
  const days = new Map<string, { from: string; to: string }[]>();
  for (const w of windows) days.set(w.localDay, [...(days.get(w.localDay) ?? []), { from: w.localFrom, to: w.localTo }]);
  return {
    id: row.id, name: row.name, place: row.place, timeZone: row.timeZone, platformId: row.platformId, locationIds: row.locationIds, deviceIds: row.deviceIds,
    splitRule: row.splitRule, commissionRateBps: row.commissionRateBps,
    days: [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, list]) => ({ date, windows: list.sort((a, b) => a.from.localeCompare(b.from)) })),
    windows: windows.map((w) => ({ startsAt: w.startsAt.toISOString(), endsAt: w.endsAt.toISOString() })),
    staff: staff.map((s) => ({ proStaffId: s.proStaffId, name: s.name, hoursWorked: s.minutesWorked / 60 })),
    createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(),
  };
}

async function detail(db: Database, row: repo.EventRow): Promise<BoothEvent> {
  const [windows, staff] = await Promise.all([repo.windowsOf(db, [row.id]), repo.staffOf(db, [row.id])]);
  return toEvent(row, windows, staff);
}

export async function listEvents(ctx: AppContext, user: BusinessUser): Promise<BoothEvent[]> {
  const rows = await repo.listEvents(ctx.db, user.businessId);
  const ids = rows.map((r) => r.id);
  const [windows, staff] = await Promise.all([repo.windowsOf(ctx.db, ids), repo.staffOf(ctx.db, ids)]);
  return rows.map((row) => toEvent(row, windows.filter((w) => w.eventId === row.id), staff.filter((s) => s.eventId === row.id)));
}

async function ownEvent(db: Database, user: BusinessUser, id: number): Promise<repo.EventRow> {
  const row = await repo.findEvent(db, user.businessId, id);
  if (!row) throw notFound('Event');
  return row;
}

/** Whether the booth is the business's (campaign event-day tasks may link to it). */
export async function isOwnBoothEvent(db: Database, businessId: number, id: number): Promise<boolean> {
  return (await repo.findEvent(db, businessId, id)) !== null;
}

export async function getEvent(ctx: AppContext, user: BusinessUser, id: number): Promise<BoothEvent> {
  return detail(ctx.db, await ownEvent(ctx.db, user, id));
}

/** The form's days as UTC windows; the stored local values keep what was entered. */
function windowsOf(fields: Fields) {
  return fields.days.flatMap((day) =>
    day.windows.map((w) => ({ startsAt: zonedToUtc(day.date, w.from, fields.timeZone), endsAt: zonedToUtc(day.date, w.to, fields.timeZone), localDay: day.date, localFrom: w.from, localTo: w.to })),
  );
}

/** The store must be the business's own and every staffer on its roster (a live agreement) today. */
async function checkFields(db: Database, user: BusinessUser, fields: Fields): Promise<void> {
  if (fields.platformId !== null && !(await repo.platformOfBusiness(db, user.businessId, fields.platformId))) throw fieldError('platformId', 'Choose one of your stores');
  if (fields.staff.length) {
    const rostered = await repo.rosteredAmong(db, user.businessId, fields.staff.map((s) => s.proStaffId), utcDay());
    const missing = fields.staff.findIndex((s) => !rostered.has(s.proStaffId));
    if (missing >= 0) throw fieldError(`staff.${missing}.proStaffId`, 'Only pro staff with an active agreement with you can work your booth');
  }
  // A window that the zone's clock skips (a DST gap) can come out empty: refused rather than stored backwards.
  if (windowsOf(fields).some((w) => w.endsAt <= w.startsAt)) throw fieldError('days', 'A window falls in a clock change: choose other hours');
}

function columnsOf(fields: Fields) {
  return {
    name: fields.name, place: fields.place, timeZone: fields.timeZone, platformId: fields.platformId, locationIds: [...new Set(fields.locationIds)],
    deviceIds: [...new Set(fields.deviceIds)], splitRule: fields.splitRule, commissionRateBps: fields.commissionRateBps,
  };
}

const staffOfFields = (fields: Fields) => fields.staff.map((s) => ({ proStaffId: s.proStaffId, minutesWorked: Math.round(s.hoursWorked * 60) }));

export async function createEvent(ctx: AppContext, user: BusinessUser, input: BoothEventFields): Promise<BoothEvent> {
  const fields = boothEventFields.parse(input);
  await checkFields(ctx.db, user, fields);
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const row = await repo.insertEvent(db, { businessId: user.businessId, ...columnsOf(fields) });
    await repo.replaceSchedule(db, row.id, windowsOf(fields), staffOfFields(fields));
    return detail(db, row);
  });
}

/**
 * Changes the event. Sales already credited keep their split (decision record 040: a booth sale is decided once, when
 * its order is applied); new sales follow the new hours, roster and rule.
 */
export async function updateEvent(ctx: AppContext, user: BusinessUser, id: number, input: BoothEventFields): Promise<BoothEvent> {
  const fields = boothEventFields.parse(input);
  await ownEvent(ctx.db, user, id);
  await checkFields(ctx.db, user, fields);
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const row = await repo.updateEvent(db, id, columnsOf(fields));
    await repo.replaceSchedule(db, id, windowsOf(fields), staffOfFields(fields));
    return detail(db, row);
  });
}

/** Deletes the event with its report; the commissions it credited stay (money is never deleted with a setting). */
export async function deleteEvent(ctx: AppContext, user: BusinessUser, id: number): Promise<void> {
  await ownEvent(ctx.db, user, id);
  await repo.deleteEvent(ctx.db, id);
}

export async function report(ctx: AppContext, user: BusinessUser, id: number): Promise<BoothReport> {
  const event = await ownEvent(ctx.db, user, id);
  const rows = await repo.reportRows(ctx.db, id, event.timeZone);
  return {
    eventId: id, name: event.name, timeZone: event.timeZone,
    days: rows.days.map((d) => ({
      date: d.day, currency: d.currency, sales: d.sales, codeSales: d.code_sales, units: d.units, revenueMinor: Number(d.revenue), commissionMinor: Number(d.commission),
      codes: (d.codes ?? []).filter(Boolean).sort(),
      staffers: rows.staffers.filter((s) => s.day === d.day && s.currency === d.currency).map((s) => ({ proStaffId: s.pro_staff_id, name: s.name, commissionMinor: Number(s.commission) })),
    })),
  };
}

const csvCell = (value: string | number) => {
  const text = String(value);
  // Quoted when needed; a leading formula character is neutralised so a spreadsheet never runs it.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The report as CSV, one line per day and currency (amounts in major units, the currency's own decimals). */
export function reportCsv(data: BoothReport): string {
  const header = ['date', 'currency', 'sales', 'code_sales', 'units', 'revenue', 'commissions', 'codes', 'staffer_commissions'];
  const lines = data.days.map((d) => [
    d.date, d.currency, d.sales, d.codeSales, d.units, formatMinorUnits(d.revenueMinor, d.currency), formatMinorUnits(d.commissionMinor, d.currency), d.codes.join(' '),
    d.staffers.map((s) => `${s.name}: ${formatMinorUnits(s.commissionMinor, d.currency)}`).join('; '),
  ]);
  return [header, ...lines].map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
