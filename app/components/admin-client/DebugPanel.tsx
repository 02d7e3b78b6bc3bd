// docs/specification.md §2 debug panel of the notifications: hidden by default, opened by an admin with `?debug=1`.
import { useState } from 'react';
import type { PushClientConfig } from '~/domain/push';
import { DEVICE_ID_STORAGE_KEY, SERVICE_WORKER_URL } from '~/domain/push';
import { forceServiceWorkerUpdate, postToServiceWorker } from '../sw/service-worker';
import { pushSupported } from './push-client';

async function diagnose(config: PushClientConfig | null, pendingCount: number | null) {
  const sw = 'serviceWorker' in navigator;
  const registration = sw ? await navigator.serviceWorker.getRegistration('/') : undefined;
  const subscription = await registration?.pushManager?.getSubscription().catch(() => null);
  let deviceId: string | null = null;
  try {
    deviceId = localStorage.getItem(DEVICE_ID_STORAGE_KEY);
  } catch {}
  return {
    serviceWorker: sw ? 'pris en charge' : 'non pris en charge',
    script: registration?.active?.scriptURL ?? `${SERVICE_WORKER_URL} (non enregistré)`,
    state: registration?.active?.state ?? registration?.installing?.state ?? 'aucun',
    controlsThisPage: Boolean(sw && navigator.serviceWorker.controller),
    waitingUpdate: Boolean(registration?.waiting),
    notificationPermission: 'Notification' in window ? Notification.permission : 'non pris en charge',
    push: pushSupported() ? 'pris en charge' : 'non pris en charge',
    transport: config?.transport ?? 'non configuré',
    subscribed: Boolean(subscription),
    pushService: subscription ? new URL(subscription.endpoint).host : null,
    deviceId,
    appBadge: 'setAppBadge' in navigator ? 'pris en charge' : 'non pris en charge',
    installed: window.matchMedia('(display-mode: standalone)').matches,
    pendingCount,
    worker: sw ? await postToServiceWorker({ type: 'CHECK_APP_ACTIVE' }) : null,
  };
}

export function DebugPanel({
  open,
  config,
  pendingCount,
  onTestNotification,
}: {
  open: boolean;
  config: PushClientConfig | null;
  pendingCount: number | null;
  onTestNotification: () => void;
}) {
  const [output, setOutput] = useState('');
  const show = (label: string, value: unknown) => {
    const text = `${label}\n${JSON.stringify(value, null, 2)}`;
    setOutput(text);
    console.info(`[push] ${text}`);
  };
  return (
    <section className="debug-panel" aria-labelledby="debug-panel-title" data-testid="debug-panel" hidden={!open}>
      <h2 id="debug-panel-title">Débogage des notifications</h2>
      <div className="debug-panel__actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            show('Mise à jour forcée du service worker…', { rechargementDans: '3 s' });
            void forceServiceWorkerUpdate();
          }}
        >
          Forcer MAJ SW
        </button>
        <button
          type="button"
          className="button"
          onClick={async () => show('Diagnostic', await diagnose(config, pendingCount))}
        >
          Diagnostic Avancé
        </button>
        <button
          type="button"
          className="button"
          onClick={async () => {
            onTestNotification();
            const granted = 'Notification' in window && Notification.permission === 'granted';
            show(
              'Test Notification',
              granted
                ? await postToServiceWorker({ type: 'TEST_NOTIFICATION' })
                : { systeme: 'notifications non autorisées' },
            );
          }}
        >
          Test Notification
        </button>
      </div>
      {output ? <pre data-testid="debug-output">{output}</pre> : null}
    </section>
  );
}
