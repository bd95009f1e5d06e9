import { appOrigin } from '@server/config';
import type { Database } from '@server/db/client';
import type { AppContext } from '@server/lib/context';
import type { NotificationInput } from '@server/modules/notifications/service';
import * as repo from './repository';
import { mailBrander } from '@server/modules/branding/mail';

// What each step of the gear program tells whom (decision record 038): a row in the notification centre and its email.

type Ctx = Pick<AppContext, 'config'>;

function notice(ctx: Ctx, userId: number, title: string, body: string, link: string): NotificationInput {
  return { userId, kind: 'gear', title, body, link, mail: { subject: title, text: `${body}\n\n${appOrigin(ctx.config)}${link}` } };
}

/** A notice from the brand to its staffer: the mail carries the brand while its plan includes it (decision record 045). */
async function fromBrand(db: Database, businessId: number, notices: NotificationInput[]): Promise<NotificationInput[]> {
  if (notices.length === 0) return notices;
  const branded = await mailBrander(db, businessId);
  return notices.map((item) => (item.mail ? { ...item, mail: branded(item.mail) } : item));
}

async function staffer(db: Database, proStaffId: number) {
  return repo.proStaffContact(db, proStaffId);
}

export async function tierChangedNotices(ctx: Ctx, db: Database, input: { businessId: number; proStaffId: number; from: string | null; to: string; promoted: boolean }): Promise<NotificationInput[]> {
  const who = await staffer(db, input.proStaffId);
  const notices: NotificationInput[] = [];
  const what = input.from ? `from ${input.from} to ${input.to}` : `in ${input.to}`;
  if (who) notices.push(...(await fromBrand(db, input.businessId, [notice(ctx, who.userId, input.promoted ? `You were promoted to ${input.to}` : `Your program tier: ${input.to}`, `You are now ${what}. Your allotment and pro pricing follow the new tier.`, '/my-gear')])));
  if (input.promoted) {
    const business = await repo.businessUserId(db, input.businessId);
    if (business && who) notices.push(notice(ctx, business, `${who.firstName} ${who.lastName} was promoted to ${input.to}`, `The promotion rule moved them ${what}.`, '/gear?tab=tiers'));
  }
  return notices;
}

export async function requestedNotice(ctx: Ctx, db: Database, businessId: number, proStaffId: number, items: number): Promise<NotificationInput[]> {
  const [business, who] = await Promise.all([repo.businessUserId(db, businessId), staffer(db, proStaffId)]);
  if (!business || !who) return [];
  return [notice(ctx, business, `${who.firstName} ${who.lastName} requested gear`, `${items} item${items === 1 ? '' : 's'} waiting for your approval.`, '/gear?tab=requests')];
}

export async function decidedNotice(ctx: Ctx, db: Database, businessId: number, proStaffId: number, approved: boolean, reason: string): Promise<NotificationInput[]> {
  const who = await staffer(db, proStaffId);
  if (!who) return [];
  return fromBrand(db, businessId, approved
    ? [notice(ctx, who.userId, 'Your gear request was approved', 'The order is being placed in the brand’s store; you will see tracking once it ships.', '/my-gear')]
    : [notice(ctx, who.userId, 'Your gear request was declined', reason || 'The brand declined this request.', '/my-gear')]);
}

export async function shipmentNotice(ctx: Ctx, db: Database, shipment: { businessId: number; proStaffId: number; status: string; failureReason: string | null }): Promise<NotificationInput[]> {
  if (shipment.status === 'failed') {
    const business = await repo.businessUserId(db, shipment.businessId);
    return business ? [notice(ctx, business, 'A gear order could not be placed', shipment.failureReason ?? 'The store refused the order.', '/gear?tab=shipments')] : [];
  }
  const who = await staffer(db, shipment.proStaffId);
  if (!who) return [];
  const told = (title: string, body: string) => fromBrand(db, shipment.businessId, [notice(ctx, who.userId, title, body, '/my-gear')]);
  if (shipment.status === 'shipped' || shipment.status === 'in_transit') return told('Your gear shipped', 'Tracking is on your gear page.');
  if (shipment.status === 'delivered') return told('Your gear was delivered', 'See what the brand asks of you for it on your gear page.');
  if (shipment.status === 'cancelled') return told('A gear order was cancelled', 'The store cancelled the order; its value is back in your allotment.');
  return [];
}
