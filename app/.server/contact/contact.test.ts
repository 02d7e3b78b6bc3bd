import { describe, expect, it } from 'vitest';
import { storeUser } from '../../../tests/support/factories';
import { memoryStore, recordingMailer } from '../../../tests/unit/memory-store';
import { contactSchema } from '../../domain/contact';
import { sendContactMessage } from './contact';

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
    await sendContactMessage({ store, mailer, fallbackRecipient: 'contact@exemple.ch' }, valid);
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
      { store, mailer, fallbackRecipient: 'contact@exemple.ch' },
      { ...valid, message: '<script>alert(1)</script> bonjour' },
    );
    expect(mailer.sent[0].to).toEqual(['contact@exemple.ch']);
    expect(mailer.sent[0].html).not.toContain('<script>');
  });

  it('reste enregistré même si le mail ne part pas', async () => {
    const { store } = memoryStore();
    const failing = { send: async () => Promise.reject(new Error('SMTP en panne')) };
    await sendContactMessage({ store, mailer: failing, fallbackRecipient: 'contact@exemple.ch' }, valid);
    expect(await store.contactMessages.count()).toBe(1);
  });

  it('le schéma refuse chaque champ invalide avec un message français', () => {
    const result = contactSchema.safeParse({ name: ' ', email: 'x@', subject: 'ab', message: 'court' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'name: Indiquez votre nom.',
        'email: Cette adresse email n’est pas valide (exemple : prenom@exemple.ch).',
        'subject: Le sujet doit compter au moins 3 caractères.',
        'message: Votre message doit compter au moins 10 caractères.',
      ]),
    );
  });
});
