// Every admin action starts here: a logged-in admin (else a redirect), a same-site POST, a valid CSRF token.
import type { UserProfile } from '../ports';
import { readCheckedForm, readFormData } from '../security';
import { requireAdmin } from '../session';

export async function requireAdminAction(
  request: Request,
  read: (request: Request) => Promise<FormData> = readFormData,
): Promise<{ admin: UserProfile; formData: FormData }> {
  const admin = await requireAdmin(request);
  return { admin, formData: await readCheckedForm(request, read) };
}

/** A refusal of an admin use case: a French message for the form, and the field it concerns. */
export class AdminError extends Error {
  constructor(
    message: string,
    readonly field = 'form',
    readonly status = 400,
  ) {
    super(message);
    this.name = 'AdminError';
  }
}
