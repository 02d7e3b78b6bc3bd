// Where « Recevoir aussi une notification » may show (issue 51): nothing on the server nor without push support; in a
// browser able to receive push, the offer's code loads after the page (the pages' JavaScript budget stays as it was).
import { type ComponentType, useEffect, useState } from 'react';
import type { PushClientConfig } from '~/domain/push';

interface Props {
  eventId: string;
  config: PushClientConfig | null;
}

export function DayStatusPushOffer(props: Props) {
  const [Offer, setOffer] = useState<ComponentType<Props> | null>(null);
  useEffect(() => {
    const able = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
    if (!props.config || !able) return;
    import('./DayStatusPush')
      .then((module) => setOffer(() => module.DayStatusPush))
      .catch(() => {
        // Not loaded (offline, a new version deployed): the email remains, nothing to say.
      });
  }, [props.config]);
  return Offer ? <Offer {...props} /> : null;
}
