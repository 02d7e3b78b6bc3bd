// /support-us/facture-qr.svg?montant=25: the payment part of a donation QR-bill, shown as an image on /support-us.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { cachedQrBillSvg } from '~/.server/donations/deps';
import { parseAmountParam } from '~/domain/donation';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const amount = parseAmountParam(new URL(request.url).searchParams.get('montant'));
  if (!amount.ok) {
    return new Response(amount.message, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  return new Response(cachedQrBillSvg(context.services, amount.value), {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      // The same amount always gives the same bill (until the association's account changes: one hour).
      'Cache-Control': 'public, max-age=3600',
      // Opened on its own, the SVG is a document: nothing in it may run or load.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
