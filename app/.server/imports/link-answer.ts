// « Importer depuis un lien » (intent `importer`) as the submit form's prefill: what the page says, its image kept as a
// pending upload (the token in `pendingImage`, a preview beside it). A page that cannot be read is a UseCaseError on
// the URL field, which the route answers as any refused form (conform's reply, the address kept). No event is saved.
import { NEW_SCHEDULE_VALUES } from '~/domain/schedule-form';
import type { FileStore } from '../files/ports';
import type { FetchText } from '../platform/safe-fetch';
import { UseCaseError } from '../platform/use-case-error';
import type { UserProfile } from '../ports';
import { IMPORT_MESSAGES, importFromLink } from './import-from-link';
import { IMAGE_IMPORT_MESSAGES, importLinkImage } from './import-image';

export const IMPORT_INTENT = 'importer';
/** The longest address read; what is beyond is cut before anything else. */
export const IMPORT_URL_MAX = 2000;

export interface LinkPrefill {
  /** The event form's fields, as the form will show them. */
  values: Record<string, string>;
  notice: string;
  /** The page's image: imported (its preview) or not (the message says to add it by hand); null when it had none. */
  image: { message: string; preview: string | null } | null;
}

export async function prefillFromLink(
  deps: { fetchText: FetchText; files: FileStore },
  user: UserProfile,
  importUrl: string,
): Promise<LinkPrefill> {
  const outcome = await importFromLink(deps.fetchText, importUrl.slice(0, IMPORT_URL_MAX));
  if (!outcome.ok) throw new UseCaseError(outcome.message, 'importUrl');
  const values: Record<string, string> = {
    ...NEW_SCHEDULE_VALUES,
    organizerName: user.displayName,
    canton: '',
    ...outcome.values,
  };
  let image: LinkPrefill['image'] = null;
  if (outcome.image.url) {
    const fetched = await importLinkImage(deps, user.uid, outcome.image.url);
    if (fetched.ok) {
      values.pendingImage = fetched.token;
      values.imageAlt = outcome.image.alt.replace(/\s+/g, ' ').trim().slice(0, 200);
      image = { message: IMAGE_IMPORT_MESSAGES.imported, preview: fetched.preview };
    } else image = { message: fetched.notice, preview: null };
  }
  return { values, notice: IMPORT_MESSAGES.notice, image };
}
