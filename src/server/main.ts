import { loadConfig } from './config';
import { isDatabaseEmpty, openDatabase, runMigrations } from './db/client';
import { seedDemoData } from './db/seed/demo-data';
import { buildApp } from './app';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
await runMigrations(database);
if (config.seedDemo && (await isDatabaseEmpty(database.db))) await seedDemoData(database.db);

const app = await buildApp({ config, database });
if (config.seedDemo) app.log.info('demo data is on: sign in as demo.business@example.com / demo1234');

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
