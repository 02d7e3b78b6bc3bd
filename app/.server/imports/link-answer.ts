// The submit form's answer to « Importer depuis un lien » (intent `import`): the form prefilled with what the page
// says, its image kept as a pending upload (the token in `pendingImage`, a preview beside it), or the French refusal
// on the URL field with the address as typed. A plain form POST without JavaScript, the same action through a fetcher
// with it; no event is saved. The route reads the typed address and sends the answer (400 when refused).
import type { FileStore } from '../files/ports';
import type { FetchText } from '../platform/safe-fetch';
import type { UserProfile } from '../ports';
import { IMPORT_MESSAGES, importFromLink } from './import-from-link';
import { IMAGE_IMPORT_MESSAGES, importLinkImage } from './import-image';

export const IMPORT_INTENT = 'importer';

export async function importLinkAnswer(
  services: { fetchText: FetchText; files: FileStore },
  user: UserProfile,
  importUrl: string,
) {
  const typed = importUrl.slice(0, 2000);
  const base: Record<string, string> = { organizerName: user.displayName, canton: '' };
  const duplicates: { id: string; title: string }[] = [];
  const outcome = await importFromLink(services.fetchText, typed);
  if (!outcome.ok)
    return {
      status: 400,
      answer: {
        ok: false as const,
        errors: { importUrl: outcome.message },
        values: base,
        importUrl: typed,
        imported: null,
        duplicates,
      },
    };
  const values = { ...base, ...outcome.values };
  let image: { message: string; preview: string | null } | null = null;
  if (outcome.image.url) {
    const fetched = await importLinkImage(services, user.uid, outcome.image.url);
    if (fetched.ok) {
      values.pendingImage = fetched.token;
      values.imageAlt = outcome.image.alt.replace(/\s+/g, ' ').trim().slice(0, 200);
      image = { message: IMAGE_IMPORT_MESSAGES.imported, preview: fetched.preview };
    } else image = { message: fetched.notice, preview: null };
  }
  return {
    status: 200,
    answer: {
      ok: false as const,
      errors: {},
      values,
      importUrl: typed,
      duplicates,
      imported: { notice: IMPORT_MESSAGES.notice, image },
    },
  };
}
