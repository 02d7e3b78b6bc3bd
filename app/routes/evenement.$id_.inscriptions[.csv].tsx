// /evenement/{id}/inscriptions.csv?date=<start>: the list of a date's registrants for its organizer (decision 168),
// every date's without `date`, as a CSV that opens right in a spreadsheet of Swiss French settings (UTF-8 with BOM, `;`, quoted cells, no formulas).
// Never cached: it carries names and addresses.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { registrationsCsv } from '~/.server/registrations/organizer';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context.services);
  const startsAt = new URL(request.url).searchParams.get('date') ?? '';
  try {
    const { csv, filename } = await registrationsCsv(context.services, user, params.id ?? '', startsAt);
    return new Response(csv, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (error) {
    if (!(error instanceof UseCaseError)) throw error;
    // A file's address, not a page: the refusal in plain text (someone else's event is « introuvable »).
    const title = error.status === 404 ? 'Page introuvable' : 'Export refusé';
    return new Response(`${title}\u00a0: ${error.message}`, {
      status: error.status,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
    });
  }
}
