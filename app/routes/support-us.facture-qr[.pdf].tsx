// /support-us/facture-qr.pdf?montant=25: the donation QR-bill on an A4 page, to print or to pay from an e-banking app.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { donationCreditor } from '~/.server/donations/deps';
import { qrBillPdf } from '~/.server/donations/qr-bill';
import { amountParam, parseAmountParam } from '~/domain/donation';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const amount = parseAmountParam(new URL(request.url).searchParams.get('montant'));
  if (!amount.ok) {
    return new Response(amount.message, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const pdf = await qrBillPdf(donationCreditor(context.services), amount.value);
  const name =
    amount.value == null ? 'qr-facture-don' : `qr-facture-don-${amountParam(amount.value).replace('.', '-')}`;
  return new Response(pdf, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${name}.pdf"`,
      'Content-Length': String(pdf.length),
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
