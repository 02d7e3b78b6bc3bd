// An image awaiting moderation, for its owner and admins only: the form's preview, the dashboard, the moderation queue.
// Anyone else gets a 404, as if it did not exist (decision 031). Its unguessable name is the segment `$token`: the
// cache policy makes every answer here `private, no-store` (secret-urls.ts).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { readReviewImage } from '~/.server/files/images';
import { getCurrentUser } from '~/.server/platform/session';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await getCurrentUser(request, context.services);
  const bytes = await readReviewImage(context.services, viewer, params.token ?? '');
  // X-Content-Type-Options and the CSP of an image (default-src 'none'; sandbox) come from server.ts.
  if (!bytes) return new Response(null, { status: 404 });
  return new Response(new Uint8Array(bytes), { headers: { 'Content-Type': 'image/webp' } });
}
