import { loadConfig } from '../../config';
import { isDatabaseEmpty, openDatabase, runMigrations } from '../client';
import { seedDemoData } from './demo-data';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/db` });
try {
  await runMigrations(database);
  if (!(await isDatabaseEmpty(database.db))) {
    console.error('The database already has users; demo data is only seeded into an empty database.');
    process.exitCode = 1;
  } else {
    await seedDemoData(database.db);
    console.log('Demo data seeded. Sign in as demo.business@example.com / demo1234.');
  }
} finally {
  await database.close();
}
