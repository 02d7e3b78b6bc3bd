// With JS, the form sends its image here as soon as it is chosen (with a progress bar); the image is checked and
// kept as a pending upload, and the form then only carries its token. Without JS the form posts the file itself.
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { uploadPendingImage } from '~/.server/events/upload-image';
import { guardPost } from '~/.server/platform/guard';
import { refusedJson } from '~/.server/platform/refusal';
import type { RouteBodyHandle } from '~/.server/platform/request-body';
import { requireUser } from '~/.server/platform/session';

export async function loader() {
  return redirect('/');
}

/** This route's forms carry an image: its multipart bodies get the upload limit (request-body.ts reads this). */
export const handle = { body: 'upload' } satisfies RouteBodyHandle;

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context.services);
  // The event form's limit on submissions; its honeypot is not part of this request (only the token and the image).
  const form = await guardPost(request, context, { audience: 'signed-in', rate: { bucket: 'submit' } });
  try {
    return Response.json({ token: await uploadPendingImage(context.services, user, form.get('image')) });
  } catch (error) {
    return refusedJson(error);
  }
}
