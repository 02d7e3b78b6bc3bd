// One-time messages that survive a redirect ('Mot de passe modifié.'), through a short-lived signed cookie.
import { createCookie } from '@remix-run/node';
import { getServices } from '../services';
import { once } from './once';

export interface Flash {
  kind: 'success' | 'info' | 'error';
  message: string;
  /** A follow-up offered with the message, as a POST form: « Rétablir » after cancelling an event. */
  action?: { label: string; path: string; intent: string; eventId: string };
}

const flashCookie = once(() =>
  createCookie('flash', {
    httpOnly: true,
    sameSite: 'lax',
    secure: getServices().config.SECURE_COOKIES,
    path: '/',
    maxAge: 60,
    secrets: [getServices().config.SESSION_SECRET],
  }),
);

export function setFlash(flash: Flash): Promise<string> {
  return flashCookie().serialize(flash);
}

/** The pending message, if any, and the Set-Cookie header that clears it. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const value = await flashCookie().parse(request.headers.get('Cookie'));
  if (!value || typeof value !== 'object' || typeof value.message !== 'string') return { flash: null, clear: null };
  return { flash: value as Flash, clear: await flashCookie().serialize('', { maxAge: 0 }) };
}
