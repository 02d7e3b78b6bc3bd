// The organizer profile form read from its request (a multipart body with the logo), for saveOrganizerProfile.
import { formValues } from '~/domain/forms';
import type { ProfileInput } from '../places/organizer-profile';
import { readImageField } from '../platform/form-body';

export async function readOrganizerProfileForm(form: FormData): Promise<ProfileInput> {
  const values = formValues(form, ['organizerId', 'description', 'website', 'logoAlt']);
  const logo = await readImageField(form.get('logo'));
  return { ...values, logo, removeLogo: form.get('removeLogo') === 'on' } as ProfileInput;
}
