import { describe, expect, it } from 'vitest';
import { storeUser } from '../../../tests/support/factories';
import { mailHarness, memoryStore, recordingMailer } from '../../../tests/unit/memory-store';
import { contactSchema } from '../../domain/contact';
import type { MailPort } from '../ports';
import { sendContactMessage } from './contact';

const mailOf = (subject: string) => ({
  id: 'm',
  content: { kind: 'message' as const, message: { to: 'a@exemple.ch', subject, text: '', html: '' } },
  to: 'a@exemple.ch',
  subject,
  ref: null,
  eventIds: [],
  createdAt: new Date().toISOString(),
});

const valid = {
  name: 'Jules Favre',
  email: 'jules@exemple.ch',
  subject: 'Correction',
  message: 'La date du loto est fausse.',
};

describe('message de contact', () => {
  it('est enregistré puis envoyé par mail à chaque admin, avec réponse directe à l’expéditeur', async () => {
    const { store } = memoryStore();
    await storeUser(store, { uid: 'a1', email: 'ada@exemple.ch', displayName: 'Ada', role: 'admin' });
    await storeUser(store, { uid: 'o1', email: 'orga@exemple.ch', displayName: 'Orga' });
    const mailer = recordingMailer();
    await sendContactMessage({ store, mailer, config: { CONTACT_TO: 'contact@exemple.ch' } }, valid);
    expect(await store.contactMessages.count()).toBe(1);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0].to).toEqual(['ada@exemple.ch']);
    expect(mailer.sent[0].replyTo).toBe('jules@exemple.ch');
    expect(mailer.sent[0].text).toContain('La date du loto est fausse.');
  });

  it('va à l’adresse de contact quand aucun admin n’existe, et échappe le HTML', async () => {
    const { store } = memoryStore();
    const mailer = recordingMailer();
    await sendContactMessage(
      { store, mailer, config: { CONTACT_TO: 'contact@exemple.ch' } },
      { ...valid, message: '<script>alert(1)</script> bonjour' },
    );
    expect(mailer.sent[0].to).toEqual(['contact@exemple.ch']);
    expect(mailer.sent[0].html).not.toContain('<script>');
  });

  it('serveur de mail en panne : le message et son mail restent enregistrés, le mail part quand le serveur revient', async () => {
    const { store } = memoryStore();
    const mail = mailHarness(store);
    mail.transport.failure = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' });
    await sendContactMessage({ store, mailer: mail.mailer, config: { CONTACT_TO: 'contact@exemple.ch' } }, valid);
    expect(await store.contactMessages.count()).toBe(1);
    expect(await mail.deliver()).toMatch(/^0 mail envoyé, 1 à réessayer/);
    expect(await store.mails.counts()).toEqual({ pending: 1, sending: 0, failed: 0 });
    mail.transport.failure = null;
    await mail.deliver(new Date(Date.now() + 60 * 60_000));
    expect(mail.sent.map((m) => m.subject)).toEqual(['[Contact] Correction']);
    expect(await store.mails.counts()).toEqual({ pending: 0, sending: 0, failed: 0 });
  });

  it('le message et son mail s’écrivent ensemble ou pas du tout', async () => {
    const { store } = memoryStore();
    await store.mails.enqueue({ ...mailOf('déjà là'), id: 'collision' });
    // The mail's id collides with one in the queue: its insert fails, the message is not kept either.
    const colliding: MailPort = {
      ...recordingMailer(),
      sendWithin: (message, write) => write({ ...mailOf(message.subject), id: 'collision' }),
    };
    await expect(
      sendContactMessage({ store, mailer: colliding, config: { CONTACT_TO: 'contact@exemple.ch' } }, valid),
    ).rejects.toThrow();
    expect(await store.contactMessages.count()).toBe(0);
  });

  it('le schéma refuse chaque champ invalide avec un message français', () => {
    const result = contactSchema.safeParse({ name: ' ', email: 'x@', subject: 'ab', message: 'court' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'name: Indiquez votre nom.',
        'email: Cette adresse email n’est pas valide (exemple : prenom@exemple.ch).',
        'subject: Le sujet doit compter au moins 3\u00a0caractères.',
        'message: Votre message doit compter au moins 10\u00a0caractères.',
      ]),
    );
  });
});
