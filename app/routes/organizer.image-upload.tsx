// With JS, the form sends its image here as soon as it is chosen (with a progress bar); the image is checked and
// kept as a pending upload, and the form then only carries its token. Without JS the form posts the file itself.
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { IMAGE_MESSAGES, ImageRejected, stashPendingImage } from '~/.server/images';
import { BAD_FILE_NAME, BAD_NAME, readMultipartForm, TOO_BIG } from '~/.server/platform/multipart-form';
import { protectForm } from '~/.server/security';
import { requireUser } from '~/.server/session';

export async function loader() {
  return redirect('/');
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  // The form's honeypot is not part of this request (it only carries the CSRF token and the image).
  const formData = await protectForm(request, context, {
    bucket: 'submit',
    honeypot: false,
    read: readMultipartForm,
  });
  const upload = formData.get('image');
  if (upload === TOO_BIG) return Response.json({ error: IMAGE_MESSAGES.tooBig }, { status: 400 });
  if (upload === BAD_NAME) return Response.json({ error: BAD_FILE_NAME }, { status: 400 });
  if (!(upload instanceof File) || upload.size === 0)
    return Response.json({ error: IMAGE_MESSAGES.empty }, { status: 400 });
  try {
    const token = await stashPendingImage(context.services.files, Buffer.from(await upload.arrayBuffer()), user.uid);
    return Response.json({ token });
  } catch (error) {
    if (error instanceof ImageRejected) return Response.json({ error: error.message }, { status: 400 });
    throw error;
  }
}
