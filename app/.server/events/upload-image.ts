// The event form's image sent ahead (with JavaScript, as soon as it is chosen): checked, then kept aside under a token
// that the form carries instead of the file.
import { IMAGE_MESSAGES, ImageRejected, stashPendingImage } from '../files/images';
import type { FileStore } from '../files/ports';
import { refusedImageMessage } from '../platform/form-body';
import { UseCaseError } from '../platform/use-case-error';
import type { UserProfile } from '../ports';

/** The pending image's token; a refused image is a UseCaseError on the `image` field. */
export async function uploadPendingImage(
  { files }: { files: FileStore },
  user: UserProfile,
  upload: FormDataEntryValue | null,
): Promise<string> {
  const refused = refusedImageMessage(upload);
  if (refused) throw new UseCaseError(refused, 'image');
  if (!(upload instanceof File) || upload.size === 0) throw new UseCaseError(IMAGE_MESSAGES.empty, 'image');
  try {
    return await stashPendingImage(files, Buffer.from(await upload.arrayBuffer()), user.uid);
  } catch (error) {
    if (error instanceof ImageRejected) throw new UseCaseError(error.message, 'image');
    throw error;
  }
}
