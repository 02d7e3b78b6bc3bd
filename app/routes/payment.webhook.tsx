// POST /payment/webhook: Stripe tells us about payments (server to server, so no CSRF token: the Stripe-Signature
// header, checked against STRIPE_WEBHOOK_SECRET over the raw body, is what proves the sender).
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { handleWebhook } from '~/.server/donations/checkout';

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

export async function loader() {
  return redirect('/');
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return text('Méthode non autorisée.', 405);
  // The signature covers the exact bytes received: read them as text, never re-serialized JSON. Their size is bounded
  // before they arrive here (the webhook's limit in app/.server/platform/request-body.ts).
  const rawBody = await request.text();
  const answer = await handleWebhook(context.services, rawBody, request.headers.get('Stripe-Signature'));
  return text(answer.message, answer.status);
}
