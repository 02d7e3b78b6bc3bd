// The admins' form of a venue's details read from its request (a multipart body with the photo), for saveVenueDetails.
import { formValues } from '~/domain/forms';
import type { VenueDetailsInput } from '../places/venue-details';
import { readImageField } from '../platform/form-body';

export async function readVenueDetailsForm(form: FormData, id: string): Promise<VenueDetailsInput> {
  const values = formValues(form, ['description', 'website', 'photoAlt', 'lat', 'lng', 'pointLocality']);
  const photo = await readImageField(form.get('photo'));
  return {
    id,
    description: values.description ?? '',
    website: values.website ?? '',
    photoAlt: values.photoAlt ?? '',
    photo,
    removePhoto: form.get('removePhoto') === 'on',
    point: { lat: values.lat ?? '', lng: values.lng ?? '', locality: values.pointLocality ?? '' },
  };
}
