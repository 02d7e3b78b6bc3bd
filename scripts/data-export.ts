// npm run data:export -- --dossier export-2026-11-22
// Copies every collection and every uploaded file of the configured backend (DATA_BACKEND) into a folder.
import { parseArgs } from 'node:util';
import { getConfig } from '../app/.server/config';
import { exportData } from '../app/.server/data-transfer/transfer';

const { values } = parseArgs({ options: { dossier: { type: 'string' } } });
if (!values.dossier) {
  console.error('Usage : npm run data:export -- --dossier <dossier vide>');
  process.exit(1);
}
const config = getConfig();
const summary = await exportData(config, values.dossier);
console.log(`Export ${config.DATA_BACKEND} → ${values.dossier} : ${summary}`);
process.exit(0);
