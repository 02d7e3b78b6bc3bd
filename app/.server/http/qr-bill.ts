// The two files of a donation QR-bill (/support-us/facture-qr.pdf and .svg) read their amount the same way.
import { parseAmountParam } from '~/domain/donation';

/**
 * Answers with the file drawn for the `montant` of the request (none: an open amount), or 400 with the French
 * message of a refused amount, never cached.
 */
export async function answerQrBill(
  request: Request,
  draw: (amount: number | null) => Response | Promise<Response>,
): Promise<Response> {
  const amount = parseAmountParam(new URL(request.url).searchParams.get('montant'));
  if (!amount.ok) {
    return new Response(amount.message, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  return draw(amount.value);
}
