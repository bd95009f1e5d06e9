import type { Brand } from '@shared/contracts/branding';
import type { Database } from '@server/db/client';
import { senderOf } from './repository';

type MailText = { subject: string; text: string };

/**
 * A business's email to its own pro staff, carrying its brand while its plan includes it (decision record 045).
 * The mailer sends text/plain only (lib/mailer.ts), so the brand here is the business's name: a heading above the
 * text, a line under it and, unless it already starts with it, the subject. The logo and the colour are shown on
 * the pages the email links to. Without a brand the mail is unchanged.
 */
export function brandedMail(from: { businessName: string; brand: Brand }, mail: MailText): MailText {
  if (!from.brand) return mail;
  const name = from.businessName;
  return {
    subject: mail.subject.startsWith(name) ? mail.subject : `${name}: ${mail.subject}`,
    text: `${name}\n${'='.repeat(Math.min(name.length, 60))}\n\n${mail.text.trimEnd()}\n\n--\nSent by ${name} to its pro staff through HuntStaff.\n`,
  };
}

/**
 * Brands the emails a business sends its pro staff (campaign announcements, proof decisions): one read of the
 * business's brand, then each mail through `brandedMail`. Unchanged when the business has no brand shown.
 */
export async function mailBrander(db: Database, businessId: number): Promise<(mail: MailText) => MailText> {
  const sender = await senderOf(db, businessId);
  return (mail) => (sender ? brandedMail(sender, mail) : mail);
}
