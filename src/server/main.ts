import { loadConfig } from './config';
import { isDatabaseEmpty, openDatabase, runMigrations } from './db/client';
import { seedDemoData } from './db/seed/demo-data';
import { buildApp } from './app';
import { DataDirLockedError } from './db/data-dir-lock';
import { adminsWithDemoPassword } from './modules/auth/demo-credentials';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` }).catch((error: unknown) => {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
});
await runMigrations(database);
if (config.seedDemo && (await isDatabaseEmpty(database.db))) await seedDemoData(database.db, { withAdmin: config.env !== 'production' });

const app = await buildApp({ config, database });
if (config.demoSeedForced) {
  app.log.warn('SEED_DEMO=true in production: the demo accounts with the published password demo1234 are on this server. Remove them before real users arrive.');
} else if (config.seedDemo) {
  app.log.info('demo data is on: sign in as demo.business@example.com / demo1234');
}
if (config.env === 'production') {
  const exposed = await adminsWithDemoPassword(database.db);
  if (exposed.length > 0) {
    app.log.fatal({ admins: exposed }, 'refusing to start: an admin account has the published demo password; change it (or remove the admin flag) first');
    await app.close();
    await database.close();
    process.exit(1);
  }
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
