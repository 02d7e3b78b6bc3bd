// /support-us/facture-qr.pdf?montant=25: the donation QR-bill on an A4 page, to print or to pay from an e-banking app.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { donationCreditor } from '~/.server/donations/deps';
import { qrBillPdf } from '~/.server/donations/qr-bill';
import { answerQrBill } from '~/.server/http/qr-bill';
import { amountParam } from '~/domain/donation';

export function loader({ request, context }: LoaderFunctionArgs) {
  return answerQrBill(request, async (amount) => {
    const pdf = await qrBillPdf(donationCreditor(context.services), amount);
    const name = amount == null ? 'qr-facture-don' : `qr-facture-don-${amountParam(amount).replace('.', '-')}`;
    return new Response(pdf, {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${name}.pdf"`,
        'Content-Length': String(pdf.length),
        'Cache-Control': 'public, max-age=3600',
      },
    });
  });
}
