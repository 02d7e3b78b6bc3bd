// /support-us/facture-qr.svg?montant=25: the payment part of a donation QR-bill, shown as an image on /support-us.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { cachedQrBillSvg } from '~/.server/donations/deps';
import { answerQrBill } from '~/.server/http/qr-bill';

export function loader({ request, context }: LoaderFunctionArgs) {
  return answerQrBill(
    request,
    (amount) =>
      new Response(cachedQrBillSvg(context.services, amount), {
        headers: {
          'Content-Type': 'image/svg+xml; charset=utf-8',
          // The same amount always gives the same bill (until the association's account changes: one hour).
          'Cache-Control': 'public, max-age=3600',
          // Opened on its own, the SVG is a document: nothing in it may run or load.
          'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        },
      }),
  );
}
