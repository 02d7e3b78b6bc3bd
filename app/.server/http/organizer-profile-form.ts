// The organizer profile form read from its request (a multipart body with the logo), for saveOrganizerProfile.
import { formValues } from '~/domain/forms';
import type { ProfileInput } from '../places/organizer-profile';
import { refusedImageMessage } from '../platform/form-body';

export async function readOrganizerProfileForm(form: FormData): Promise<ProfileInput> {
  const values = formValues(form, ['organizerId', 'description', 'website', 'logoAlt']);
  const upload = form.get('logo');
  const refused = refusedImageMessage(upload);
  const logo =
    refused !== undefined
      ? { refused }
      : upload instanceof File && upload.size > 0
        ? { bytes: Buffer.from(await upload.arrayBuffer()) }
        : null;
  return { ...values, logo, removeLogo: form.get('removeLogo') === 'on' } as ProfileInput;
}
