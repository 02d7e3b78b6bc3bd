// npm run data:import -- --dossier export-2026-11-22
// Loads an export into the configured backend (DATA_BACKEND), which must be empty: e.g. SQLite → Firestore.
import { parseArgs } from 'node:util';
import { importData } from '../app/.server/data-transfer/transfer';
import { getServices } from '../app/.server/services';

const { values } = parseArgs({ options: { dossier: { type: 'string' } } });
if (!values.dossier) {
  console.error('Usage : npm run data:import -- --dossier <dossier d’export>');
  process.exit(1);
}
const services = getServices();
const summary = await importData(services, values.dossier);
console.log(`Import ${values.dossier} → ${services.database.kind} : ${summary}`);
process.exit(0);
