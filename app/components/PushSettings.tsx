// The admin's switch for push notifications on this device (admin dashboard and profile). The browser's permission
// is asked only here, from a click (docs/specification.md §4: push is set up only when granted).
import { useRouteLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import type { PushClientConfig } from '~/domain/push';
import type { loader as rootLoader } from '~/root';

type Status = 'checking' | 'unsupported' | 'default' | 'denied' | 'granted';

const STATUS_TEXT: Record<Status, string> = {
  checking: 'Elles ont besoin de JavaScript dans ce navigateur.',
  unsupported: 'Ce navigateur ne reçoit pas de notifications push.',
  default: 'Les notifications ne sont pas encore activées sur cet appareil.',
  denied: 'Les notifications sont bloquées dans les réglages du navigateur pour ce site.',
  granted: 'Les notifications sont activées sur cet appareil.',
};

/** Shown to admins only; `config` comes from the root loader. */
export function PushSettings() {
  const csrf = useAuthenticityToken();
  const config: PushClientConfig | null = useRouteLoaderData<typeof rootLoader>('root')?.push ?? null;
  const [status, setStatus] = useState<Status>('checking');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const supported = 'serviceWorker' in navigator && 'Notification' in window && 'PushManager' in window;
    setStatus(supported ? Notification.permission : 'unsupported');
  }, []);

  const client = () => import('./admin-client/push-client');

  async function enable() {
    setBusy(true);
    try {
      // Asked first, still inside the click: browsers only let a user gesture ask.
      const permission = 'Notification' in window ? await Notification.requestPermission() : 'denied';
      setStatus(permission);
      if (permission !== 'granted') return;
      const push = await client();
      if ((await push.setupPush({ config, csrf }, { forceSave: true })) === 'registered') push.announceActivation();
    } finally {
      setBusy(false);
    }
  }

  async function regenerate() {
    setBusy(true);
    try {
      const push = await client();
      if ((await push.regeneratePushToken({ config, csrf })) === 'registered') push.announceActivation();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="push-settings" aria-labelledby="push-settings-title" data-testid="push-settings">
      <h2 id="push-settings-title">Notifications sur cet appareil</h2>
      <p>
        Recevez une alerte dès qu’un événement attend la modération, même quand le site est fermé. {STATUS_TEXT[status]}
      </p>
      {status === 'default' ? (
        <button type="button" className="button button--primary" onClick={enable} disabled={busy}>
          Activer les notifications
        </button>
      ) : null}
      {status === 'granted' ? (
        <button type="button" className="button" onClick={regenerate} disabled={busy}>
          Renouveler l’abonnement de cet appareil
        </button>
      ) : null}
    </section>
  );
}
