// The mail port of the use cases (decision 060): a mail is a record in the store's queue before the request answers;
// the `mails` job (deliver.ts) sends it. Recording wakes the job, which sends at once when the transport answers.
import { SITE_NAME } from '~/domain/site';
import { newId } from '../platform/ids';
import type { DeferredMail, MailMessage, MailPort, NewMail, Store } from '../ports';

/** The subjects of the deferred account mails, shown to admins while they wait (templates.ts writes the same). */
export const DEFERRED_SUBJECTS: Record<DeferredMail['kind'], string> = {
  verification: `Confirmez votre adresse email — ${SITE_NAME}`,
  'password-reset': `Réinitialisation de votre mot de passe — ${SITE_NAME}`,
  'account-exists': `Vous avez déjà un compte — ${SITE_NAME}`,
};

const recipients = (to: MailMessage['to']) => [to].flat().join(', ');

/** A new queue record for a message written now. */
export function newMail(
  message: MailMessage,
  options: { ref?: string; eventIds?: string[] } = {},
  now = new Date(),
): NewMail {
  return {
    id: newId(16),
    content: { kind: 'message', message },
    to: recipients(message.to),
    subject: message.subject,
    ref: options.ref ?? null,
    eventIds: options.eventIds ?? [],
    createdAt: now.toISOString(),
  };
}

export function createQueuedMailer(
  store: Pick<Store, 'mails'>,
  options: { wake?: () => void; now?: () => Date } = {},
): MailPort {
  const now = () => options.now?.() ?? new Date();
  const woken = async (record: () => Promise<void>) => {
    await record();
    options.wake?.();
  };
  return {
    send: (message, sendOptions) => woken(() => store.mails.enqueue(newMail(message, sendOptions, now()))),
    sendWithin: (message, write) => woken(() => write(newMail(message, {}, now()))),
    sendLater: (mail) =>
      woken(() =>
        store.mails.enqueue({
          id: newId(16),
          content: mail,
          to: mail.email,
          subject: DEFERRED_SUBJECTS[mail.kind],
          ref: null,
          eventIds: [],
          createdAt: now().toISOString(),
        }),
      ),
  };
}
