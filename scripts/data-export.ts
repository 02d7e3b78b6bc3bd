// npm run data:export -- --dossier export-2026-11-22
// Copies every collection and every uploaded file of the configured backend (DATA_BACKEND) into a folder.
import { parseArgs } from 'node:util';
import { exportData } from '../app/.server/data-transfer/transfer';
import { getServices } from '../app/.server/services';

const { values } = parseArgs({ options: { dossier: { type: 'string' } } });
if (!values.dossier) {
  console.error('Usage : npm run data:export -- --dossier <dossier vide>');
  process.exit(1);
}
const services = getServices();
const summary = await exportData(services, values.dossier);
console.log(`Export ${services.database.kind} → ${values.dossier} : ${summary}`);
process.exit(0);
