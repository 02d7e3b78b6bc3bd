// npm run data:import -- --dossier export-2026-11-22 [--avec-secrets]
// Loads an export into the configured backend (DATA_BACKEND), which must be empty: e.g. SQLite → Firestore. With
// --avec-secrets, the export's secrets too, so that links already mailed and push devices keep working.
import { parseArgs } from 'node:util';
import { importData } from '../app/.server/data-transfer/transfer';
import { getServices } from '../app/.server/services';

const { values } = parseArgs({ options: { dossier: { type: 'string' }, 'avec-secrets': { type: 'boolean' } } });
if (!values.dossier) {
  console.error('Usage : npm run data:import -- --dossier <dossier d’export> [--avec-secrets]');
  process.exit(1);
}
const services = getServices();
const kind = services.database.kind;
const summary = await importData(services, values.dossier, { withSecrets: values['avec-secrets'] });
console.log(`Import ${values.dossier} → ${kind} : ${summary}`);
process.exit(0);
