// The submit form's answer to « Importer depuis un lien » (intent `import`): the form prefilled with what the page
// says, or the French refusal on the URL field with the address as typed. A plain form POST without JavaScript, the
// same action through a fetcher with it; nothing is saved.
import { data } from '@remix-run/node';
import type { UserProfile } from '../ports';
import type { Services } from '../services';
import { IMPORT_MESSAGES, importFromLink } from './import-from-link';

export const IMPORT_INTENT = 'importer';

export async function importLinkAnswer(services: Pick<Services, 'fetchText'>, user: UserProfile, form: FormData) {
  const typed = String(form.get('importUrl') ?? '').slice(0, 2000);
  const base: Record<string, string> = { organizerName: user.displayName, canton: '' };
  const duplicates: { id: string; title: string }[] = [];
  const outcome = await importFromLink(services.fetchText, typed);
  if (!outcome.ok)
    return data(
      {
        ok: false as const,
        errors: { importUrl: outcome.message },
        values: base,
        importUrl: typed,
        imported: null,
        duplicates,
      },
      { status: 400 },
    );
  return data({
    ok: false as const,
    errors: {},
    values: { ...base, ...outcome.values },
    importUrl: typed,
    duplicates,
    imported: { notice: IMPORT_MESSAGES.notice, image: outcome.imageUrl ? IMPORT_MESSAGES.imageLeft : null },
  });
}
