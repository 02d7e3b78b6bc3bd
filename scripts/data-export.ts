// npm run data:export -- --dossier export-2026-11-22 [--avec-secrets]
// Copies every collection and every uploaded file of the configured backend (DATA_BACKEND) into a folder, read from
// one consistent state; with --avec-secrets, the session secret and the push keys too (secrets.json: keep it safe).
import { parseArgs } from 'node:util';
import { exportData } from '../app/.server/data-transfer/transfer';
import { getServices } from '../app/.server/services';

const { values } = parseArgs({ options: { dossier: { type: 'string' }, 'avec-secrets': { type: 'boolean' } } });
if (!values.dossier) {
  console.error('Usage : npm run data:export -- --dossier <dossier vide> [--avec-secrets]');
  process.exit(1);
}
const services = getServices();
const kind = services.database.kind;
const summary = await exportData(services, values.dossier, { withSecrets: values['avec-secrets'] });
console.log(`Export ${kind} → ${values.dossier} : ${summary}`);
process.exit(0);
