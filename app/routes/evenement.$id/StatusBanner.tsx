// What its owner or an admin is told about an event they see but the public does not (or not in this version).
import type { useLoaderData } from '@remix-run/react';
import type { EventStatus } from '~/domain/event';
import type { loader } from './route';

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

const STATUS_BANNERS: Partial<Record<EventStatus, string>> = {
  pending: 'Cet événement est en attente de modération : il n’est pas encore public.',
  rejected: 'Cet événement a été refusé par la modération : il n’est pas public.',
  withdrawn: 'Vous avez retiré cet événement avant sa publication : il n’est pas public.',
};
const REVISION_BANNER =
  'Vous voyez la version modifiée, en attente de modération. Le public voit encore la version publiée jusqu’à la décision.';

export function StatusBanner({ event, isPublic }: { event: Loaded['event']; isPublic: boolean }) {
  return (
    <p className="notice notice--warning" data-testid="status-banner">
      {isPublic ? REVISION_BANNER : STATUS_BANNERS[event.status]}
      {event.status === 'rejected' && event.rejectionReason ? ` Motif : ${event.rejectionReason}` : ''}
    </p>
  );
}
