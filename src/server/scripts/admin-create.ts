// Usage: npm run admin:create -- someone@example.com
import { loadConfig } from '../config';
import { openDatabase, runMigrations } from '../db/client';
import { setAdmin } from '../modules/auth/repository';

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('Usage: npm run admin:create -- EMAIL (the account must already be registered)');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
try {
  await runMigrations(database);
  if (await setAdmin(database.db, email)) console.log(`${email} is now an admin.`);
  else {
    console.error(`No account with email ${email}. Register it first, then run this again.`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
