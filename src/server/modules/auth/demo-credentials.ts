import type { Database } from '@server/db/client';
import { DEMO_PASSWORD } from '@server/db/seed/demo-accounts';
import { verifyPassword } from '@server/lib/passwords';
import * as repo from './repository';

/**
 * Emails of admin accounts whose password is the published demo password. Production refuses to start
 * while there is any (issue 17: admin@example.com / demo1234 signed in as admin on a production server).
 */
export async function adminsWithDemoPassword(db: Database): Promise<string[]> {
  const admins = await repo.findAdminPasswordHashes(db);
  const found: string[] = [];
  for (const admin of admins) if (await verifyPassword(admin.passwordHash, DEMO_PASSWORD)) found.push(admin.email);
  return found;
}
