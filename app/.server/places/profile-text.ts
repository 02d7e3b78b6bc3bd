// A profile's text as both its forms read it (an organizer's profile, a venue's details): description and website.
import { PROFILE_LIMITS } from '~/domain/place';
import { hasNoControlCharacter } from '~/domain/text';

/**
 * The description and website as typed, cleaned (line ends, spaces at the ends), with the message of each field
 * refused; the image and its description are each form's own.
 */
export function readProfileText(typed: { description: string; website: string }) {
  const description = typed.description.replace(/\r\n/g, '\n').trim();
  const website = typed.website.trim();
  const errors: Record<string, string> = {};
  if (description.length > PROFILE_LIMITS.description)
    errors.description = `La description ne peut pas dépasser ${PROFILE_LIMITS.description}\u00a0caractères.`;
  else if (!hasNoControlCharacter(description)) errors.description = 'La description contient un caractère invisible.';
  if (website && !/^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(website))
    errors.website = 'Indiquez une adresse web complète commençant par https://.';
  else if (website.length > PROFILE_LIMITS.website) errors.website = 'Cette adresse est trop longue.';
  return { description, website, errors };
}
