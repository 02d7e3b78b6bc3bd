// « Ça a lieu ? » by push (issue 51): after « Me prévenir », a visitor may also be told by a notification in this
// browser, where it allows it. Shown only once the page runs JavaScript in a browser able to receive push: without,
// nothing shows and the email remains. The browser code loads on the click only.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormSecurity } from '~/components/FormSecurity';
import type { PushClientConfig } from '~/domain/push';

type State = 'hidden' | 'off' | 'on' | 'busy';
const storageKey = (eventId: string) => `ca_a_lieu_push:${eventId}`;

function stored(eventId: string, token?: string | null): string | null {
  try {
    if (token === undefined) return localStorage.getItem(storageKey(eventId));
    if (token === null) localStorage.removeItem(storageKey(eventId));
    else localStorage.setItem(storageKey(eventId), token);
  } catch {
    // No storage: the button offers to subscribe again, which the server takes as « already there ».
  }
  return token ?? null;
}

export const PUSH_BLOCKED =
  'Les notifications sont bloquées dans ce navigateur\u00a0: vous serez prévenu·e par email seulement.';
const PUSH_FAILED = 'La notification n’a pas pu être activée\u00a0: vous serez prévenu·e par email seulement.';

export function DayStatusPush({ eventId, config }: { eventId: string; config: PushClientConfig | null }) {
  const [state, setState] = useState<State>('hidden');
  const [message, setMessage] = useState('');
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const able = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
    if (config && able) setState(stored(eventId) ? 'on' : 'off');
  }, [config, eventId]);
  if (state === 'hidden' || !config) return null;

  async function post(intent: 'push' | 'push-stop', token: string) {
    const body = new FormData(form.current ?? undefined);
    body.set('intent', intent);
    body.set('token', token);
    const response = await fetch(`/evenement/${encodeURIComponent(eventId)}/prevenir`, { method: 'POST', body });
    const answer = (await response.json().catch(() => ({}))) as { ok?: boolean; message?: string };
    if (!response.ok || !answer.ok) throw new Error(answer.message || PUSH_FAILED);
  }

  async function toggle(event: FormEvent) {
    event.preventDefault();
    if (!config) return;
    const wasOn = state === 'on';
    setState('busy');
    setMessage('');
    try {
      if (wasOn) {
        await post('push-stop', stored(eventId) ?? '');
        stored(eventId, null);
        setState('off');
        setMessage('Ce navigateur ne recevra plus de notification pour cet événement.');
        return;
      }
      if ((await Notification.requestPermission()) !== 'granted') {
        setState('off');
        setMessage(PUSH_BLOCKED);
        return;
      }
      const { browserPushToken } = await import('~/components/admin-client/push-client');
      const token = await browserPushToken(config);
      if (!token) throw new Error(PUSH_FAILED);
      await post('push', token);
      stored(eventId, token);
      setState('on');
      setMessage('C’est fait\u00a0: ce navigateur recevra aussi une notification.');
    } catch (error) {
      setState(wasOn ? 'on' : 'off');
      setMessage((error as Error).message || PUSH_FAILED);
    }
  }

  return (
    <form ref={form} onSubmit={toggle} className="day-status-push" data-testid="day-status-push">
      <FormSecurity />
      <p>
        {state === 'on'
          ? 'Ce navigateur recevra une notification si l’événement est confirmé, annulé, reporté ou déplacé.'
          : 'Vous pouvez aussi recevoir une notification dans ce navigateur.'}
      </p>
      <button type="submit" className="button" disabled={state === 'busy'}>
        {state === 'on' ? 'Ne plus recevoir de notification ici' : 'Recevoir aussi une notification'}
      </button>
      {message ? (
        <p className="field__hint" role="status">
          {message}
        </p>
      ) : null}
    </form>
  );
}
