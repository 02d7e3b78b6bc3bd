// npm run user:create -- --email E --password P --role admin|organizer [--name N]
// Creates or updates an account in the configured store; this is how the first admin is made.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createOrUpdateAccount } from '../app/.server/accounts/operator';
import { passwordProblem } from '../app/.server/identity/password-policy';
import { getServices } from '../app/.server/services';
import { displayNameField } from '../app/domain/auth';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', default: 'organizer' },
    name: { type: 'string' },
  },
});

const parsed = z
  .object({
    email: z.string().email('--email doit être une adresse email valide'),
    password: z.string().min(8, '--password doit compter au moins 8 caractères').max(128),
    role: z.enum(['admin', 'organizer'], { message: '--role doit valoir admin ou organizer' }),
    // The rules of the registration form: one line, no address, no markup (names are written into mails).
    name: displayNameField.optional(),
  })
  .safeParse(values);

if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`Erreur : ${issue.path.join('.')} — ${issue.message}`);
  console.error('Usage : npm run user:create -- --email E --password P --role admin|organizer [--name N]');
  process.exit(1);
}

const problem = passwordProblem(parsed.data.password);
if (problem) {
  console.error(`Erreur : --password — ${problem}`);
  process.exit(1);
}

const user = await createOrUpdateAccount(parsed.data, getServices());
console.log(`Compte ${user.role} prêt : ${user.email} (${user.displayName}, uid ${user.uid})`);
