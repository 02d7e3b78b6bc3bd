// One-time messages that survive a redirect ('Mot de passe modifié.'), kept in `__session` until the next page shows
// them (visitor.ts).
import { readVisitor, updateVisitor, type VisitorServices } from './visitor';

export interface Flash {
  kind: 'success' | 'info' | 'error';
  message: string;
  /** An address to fill in on the next page's form (the login page after the verification link). */
  email?: string;
  /** A follow-up offered with the message, as a POST form: « Rétablir » after cancelling an event. */
  action?: {
    label: string;
    path: string;
    intent: string;
    eventId: string;
    /** More fields of its form: the date of « Rétablir cette date ». */
    fields?: Record<string, string>;
  };
}

/** The Set-Cookie of this visitor's `__session` with the message in it. */
export function setFlash(request: Request, services: VisitorServices, flash: Flash): Promise<string> {
  return updateVisitor(request, services, { f: flash });
}

/** The pending message, if any, and the Set-Cookie header that clears it. */
export async function takeFlash(
  request: Request,
  services: VisitorServices,
): Promise<{ flash: Flash | null; clear: string | null }> {
  const { f } = await readVisitor(request, services);
  if (!f) return { flash: null, clear: null };
  return { flash: f, clear: await updateVisitor(request, services, { f: undefined }) };
}
