import { describe, expect, it } from 'vitest';
import { mailHarness, memoryStore } from '../../../tests/unit/memory-store';
import { ALREADY_VERIFIED, NO_USER, NO_USER_OR_EMAIL } from '../../domain/auth';
import { createLocalIdentity } from '../identity/local';
import { registered, rejection, setup, tokenOf } from './account-harness';
import {
  changePassword,
  deleteAccount,
  registerAccount,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './accounts';
import { authenticate } from './login';
import { createOrUpdateAccount } from './operator';

describe('comptes', () => {
  it('l’inscription crée un organisateur non vérifié, non soutien, et envoie un lien qui mène à la racine', async () => {
    const { deps, mailer } = setup();
    const user = await registered(deps);
    expect(user).toMatchObject({ role: 'organizer', emailVerified: false, supported: false, displayName: 'Léa' });
    expect(mailer.sent[0].to).toBe('lea@exemple.ch');
    const token = tokenOf(mailer.sent[0].text, '/auth/verify-email');
    expect((await verifyEmail(deps, token))?.emailVerified).toBe(true);
    expect(await verifyEmail(deps, token)).toBeNull();
    expect(await rejection(resendVerification(deps, { ...user, emailVerified: true }))).toBe(ALREADY_VERIFIED);
    expect(await rejection(resendVerification(deps, null))).toBe(NO_USER);
  });

  it('une adresse déjà inscrite : aucun second compte, et c’est sa titulaire qui reçoit « vous avez déjà un compte »', async () => {
    const { deps, db, mailer } = setup();
    await registered(deps);
    mailer.sent.length = 0;
    const again = await registerAccount(deps, {
      email: 'LEA@exemple.ch',
      password: 'autre phrase longue',
      displayName: '<b>Intrus</b> http://evil.example',
    });
    expect(again).toBeNull();
    expect(mailer.sent).toHaveLength(1);
    const [mail] = mailer.sent;
    expect(mail.to).toBe('lea@exemple.ch');
    expect(mail.subject).toContain('Vous avez déjà un compte');
    expect(mail.text).toContain('Bonjour Léa,');
    expect(mail.text).toContain('https://agenda.test/auth/login');
    expect(mail.text).toContain('https://agenda.test/auth/forgot-password');
    // Nothing typed by the newcomer reaches the owner's mailbox.
    expect(`${mail.text}${mail.html}`).not.toMatch(/Intrus|evil\.example/);
    expect((db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n).toBe(1);
    expect(
      await rejection(registerAccount(deps, { email: 'x@exemple.ch', password: 'password123', displayName: 'X' })),
    ).toContain('trop courant');
    expect((db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n).toBe(1);
  });

  it('un mail est enregistré avant la réponse, le même que l’adresse ait un compte ou non ; elle n’est cherchée qu’à son départ', async () => {
    const { store } = memoryStore();
    const mail = mailHarness(store);
    const deps = { store, mailer: mail.mailer, config: { SITE_URL: 'https://agenda.test' } };
    await registered(deps);
    await mail.deliver();
    mail.sent.length = 0;
    const lookups: string[] = [];
    const find = store.users.findByEmailWithPassword.bind(store.users);
    store.users.findByEmailWithPassword = async (email) => {
      lookups.push(email);
      return find(email);
    };
    for (const email of ['lea@exemple.ch', 'personne@exemple.ch']) await requestPasswordReset(deps, email);
    // The request did the same thing for both: one mail recorded, nothing looked up, nothing sent yet.
    expect(lookups).toEqual([]);
    const recorded = await store.mails.list('pending', 10);
    // Recorded in the same instant: their order is the store's, not the requests'.
    expect(recorded.map((m) => [m.to, m.subject]).sort()).toEqual([
      ['lea@exemple.ch', 'Réinitialisation de votre mot de passe — Agenda romand'],
      ['personne@exemple.ch', 'Réinitialisation de votre mot de passe — Agenda romand'],
    ]);
    expect(await mail.deliver()).toMatch(/^1 mail envoyé, 0 à réessayer, 0 en échec/);
    expect([...lookups].sort()).toEqual(['lea@exemple.ch', 'personne@exemple.ch']);
    expect(mail.sent.map((m) => m.to)).toEqual(['lea@exemple.ch']);
    expect(await store.mails.counts()).toEqual({ pending: 0, sending: 0, failed: 0 });
    // Registration too: one mail recorded whether or not the address has an account, written when it leaves.
    expect(
      await registerAccount(deps, { email: 'lea@exemple.ch', password: 'phrase pas courte', displayName: 'Lé' }),
    ).toBeNull();
    expect(
      await registerAccount(deps, { email: 'neuf@exemple.ch', password: 'phrase pas courte', displayName: 'Neuf' }),
    ).not.toBeNull();
    expect((await store.mails.list('pending', 10)).map((m) => m.to)).toEqual(['lea@exemple.ch', 'neuf@exemple.ch']);
    await mail.deliver();
    expect(mail.sent.slice(1).map((m) => m.subject)).toEqual([
      'Vous avez déjà un compte — Agenda romand',
      'Confirmez votre adresse email — Agenda romand',
    ]);
  });

  it('un lien envoyé après une panne du serveur de mail est neuf : écrit au départ, pas à la demande', async () => {
    const start = new Date('2026-11-22T10:00:00Z');
    let now = start;
    const { store } = memoryStore();
    const mail = mailHarness(store, { now: () => now });
    const deps = { store, mailer: mail.mailer, config: { SITE_URL: 'https://agenda.test' }, now: () => now };
    await registered(deps);
    await mail.deliver();
    mail.transport.failure = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' });
    await requestPasswordReset(deps, 'lea@exemple.ch');
    await mail.deliver();
    // Two hours later (a reset link lives one hour), the server is back: the link leaves fresh, and works.
    now = new Date(start.getTime() + 2 * 60 * 60_000);
    mail.transport.failure = null;
    await mail.deliver();
    const token = tokenOf(mail.sent.at(-1)!.text, '/auth/reset-password');
    expect(await resetPassword(deps, token, 'une toute nouvelle phrase')).toMatchObject({ email: 'lea@exemple.ch' });
  });

  it('un lien de réinitialisation encore inutilisé ne sert plus après un changement de mot de passe', async () => {
    const { deps, mailer, store } = setup();
    const user = await registered(deps);
    await requestPasswordReset(deps, 'lea@exemple.ch');
    const pending = tokenOf(mailer.sent.at(-1)!.text, '/auth/reset-password');
    await changePassword(
      deps,
      { user, sessionId: null },
      { currentPassword: 'une phrase assez longue', newPassword: 'nouvelle phrase longue' },
    );
    expect(await rejection(resetPassword(deps, pending, 'phrase de l’intrus'))).toContain('n’est plus valable');
    expect(await authenticate({ store }, 'lea@exemple.ch', 'nouvelle phrase longue')).not.toBeNull();
  });

  it('de même après un nouveau mot de passe posé par l’exploitant (npm run user:create) ou par un lien', async () => {
    const { deps, mailer, store } = setup();
    await registered(deps);
    await requestPasswordReset(deps, 'lea@exemple.ch');
    const beforeOperator = tokenOf(mailer.sent.at(-1)!.text, '/auth/reset-password');
    await createOrUpdateAccount(
      { email: 'lea@exemple.ch', password: 'choisi par l’exploitant', role: 'organizer' },
      { store, identity: createLocalIdentity(store, 'https://agenda.test') },
    );
    expect(await rejection(resetPassword(deps, beforeOperator, 'phrase de l’intrus'))).toContain('n’est plus valable');
    expect(await authenticate({ store }, 'lea@exemple.ch', 'choisi par l’exploitant')).not.toBeNull();
  });

  it('le lien de réinitialisation vaut une heure, une fois, et termine toutes les sessions', async () => {
    const { deps, mailer, store, advance } = setup();
    const user = await registered(deps);
    await store.sessions.create({
      id: 's1',
      uid: user.uid,
      createdAt: '',
      lastSeenAt: '',
      expiresAt: '2099-01-01T00:00:00Z',
      userAgent: '',
    });
    await requestPasswordReset(deps, 'lea@exemple.ch');
    const late = tokenOf(mailer.sent.at(-1)!.text, '/auth/reset-password');
    advance(60 * 60 * 1000 + 1);
    expect(await rejection(resetPassword(deps, late, 'nouvelle phrase longue'))).toContain('n’est plus valable');
    await requestPasswordReset(deps, 'lea@exemple.ch');
    const fresh = tokenOf(mailer.sent.at(-1)!.text, '/auth/reset-password');
    await resetPassword(deps, fresh, 'nouvelle phrase longue');
    expect(await store.sessions.find('s1')).toBeNull();
    expect(await rejection(resetPassword(deps, fresh, 'encore une autre phrase'))).toContain('n’est plus valable');
    expect(await authenticate({ store }, 'lea@exemple.ch', 'une phrase assez longue')).toBeNull();
    expect(await authenticate({ store }, 'lea@exemple.ch', 'nouvelle phrase longue')).not.toBeNull();
  });

  it('une demande pour une adresse inconnue n’envoie rien', async () => {
    const { deps, mailer } = setup();
    await requestPasswordReset(deps, 'personne@exemple.ch');
    expect(mailer.sent).toHaveLength(0);
  });

  it('changer de mot de passe demande l’actuel et déconnecte les autres appareils', async () => {
    const { deps, store } = setup();
    const user = await registered(deps);
    for (const id of ['ici', 'ailleurs']) {
      await store.sessions.create({
        id,
        uid: user.uid,
        createdAt: '',
        lastSeenAt: '',
        expiresAt: '2099-01-01T00:00:00Z',
        userAgent: '',
      });
    }
    expect(
      await rejection(
        changePassword(deps, { user: null, sessionId: null }, { currentPassword: 'x', newPassword: 'y' }),
      ),
    ).toBe(NO_USER_OR_EMAIL);
    expect(
      await rejection(
        changePassword(
          deps,
          { user, sessionId: 'ici' },
          { currentPassword: 'faux', newPassword: 'nouvelle phrase longue' },
        ),
      ),
    ).toContain('actuel est incorrect');
    await changePassword(
      deps,
      { user, sessionId: 'ici' },
      { currentPassword: 'une phrase assez longue', newPassword: 'nouvelle phrase longue' },
    );
    expect(await store.sessions.find('ici')).not.toBeNull();
    expect(await store.sessions.find('ailleurs')).toBeNull();
  });

  it('supprimer son compte garde ses événements, sans propriétaire', async () => {
    const { deps, db } = setup();
    const user = await registered(deps);
    db.prepare('INSERT INTO categories (slug, label, color, sort_order) VALUES (?, ?, ?, ?)').run(
      'musique',
      'Musique',
      '#000',
      1,
    );
    db.prepare(
      `INSERT INTO events (id, slug, title, description, category, starts_at, ends_at, starts_ts, ends_ts, city, canton, status, created_by, created_at, updated_at, submitted_at)
       VALUES ('e1', 's', 'Concert', 'Un concert', 'musique', 'x', 'x', 0, 0, 'Sion', 'VS', 'approved', ?, 'x', 'x', 'x')`,
    ).run(user.uid);
    expect(await rejection(deleteAccount(deps, user, 'faux'))).toContain('incorrect');
    await deleteAccount(deps, user, 'une phrase assez longue');
    expect(db.prepare('SELECT uid FROM users').all()).toHaveLength(0);
    expect(db.prepare('SELECT created_by, status FROM events').get()).toEqual({ created_by: null, status: 'approved' });
  });
});
