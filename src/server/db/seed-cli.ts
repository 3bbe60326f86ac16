// `npm run seed -- [--scale N] [--reset]`: fills the configured database with demo data.
import { loadConfig } from '../config.ts';
import { openDatabase } from './index.ts';
import { seedIfEmpty } from './seed.ts';

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await seedIfEmpty(db);
await db.close();
