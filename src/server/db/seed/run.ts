import { loadConfig } from '@server/config';
import { isDatabaseEmpty, openDatabase, runMigrations } from '../client';
import { seedDemoData } from './demo-data';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
try {
  await runMigrations(database);
  if (config.env === 'production' && !config.demoSeedForced) {
    console.error('Refusing to seed demo accounts in production: their password is published. Set SEED_DEMO=true to force it.');
    process.exitCode = 1;
  } else if (!(await isDatabaseEmpty(database.db))) {
    console.error('The database already has users; demo data is only seeded into an empty database.');
    process.exitCode = 1;
  } else {
    await seedDemoData(database.db, { withAdmin: config.env !== 'production' });
    console.log('Demo data seeded. Sign in as demo.business@example.com / demo1234.');
    if (config.env === 'production') console.warn('WARNING: demo accounts with a published password are now in a production database.');
  }
} finally {
  await database.close();
}
