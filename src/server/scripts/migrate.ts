// Applies the database migrations and exits: before rolling out new instances, and for the test runners, which
// migrate one embedded database once and give every server they start a copy of it (decision record 041).
// Usage: npm run db:migrate   (DATABASE_URL, or the embedded database under DATA_DIR)
import { loadConfig } from '../config';
import { openDatabase, runMigrations } from '../db/client';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
try {
  await runMigrations(database);
} finally {
  await database.close();
}
