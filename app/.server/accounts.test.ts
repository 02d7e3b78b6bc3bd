import { describe, expect, it } from 'vitest';
import { memoryStore, recordingMailer } from '../../tests/unit/memory-store';
import { ALREADY_VERIFIED, NO_USER, NO_USER_OR_EMAIL } from '../domain/auth';
import {
  type AccountError,
  changePassword,
  deleteAccount,
  registerAccount,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './accounts';
import { authenticate } from './auth';

function setup(start = new Date('2026-11-22T10:00:00Z')) {
  const { db, store } = memoryStore();
  const mailer = recordingMailer();
  let now = start;
  const deps = { store, mailer, siteUrl: 'https://agenda.test', now: () => now };
  return { db, store, mailer, deps, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

const linkOf = (text: string, path: string) => new URL(text.match(new RegExp(`https://agenda.test${path}\\S+`))![0]);
const tokenOf = (text: string, path: string) => linkOf(text, path).searchParams.get('token')!;
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: AccountError) => e.message,
  );

describe('comptes', () => {
  it('l’inscription crée un organisateur non vérifié, non soutien, et envoie un lien qui mène à la racine', async () => {
    const { deps, mailer } = setup();
    const { user } = await registerAccount(deps, {
      email: 'lea@exemple.ch',
      password: 'une phrase assez longue',
      displayName: 'Léa',
    });
    expect(user).toMatchObject({ role: 'organizer', emailVerified: false, supported: false, displayName: 'Léa' });
    expect(mailer.sent[0].to).toBe('lea@exemple.ch');
    const token = tokenOf(mailer.sent[0].text, '/auth/verify-email');
    expect((await verifyEmail(deps, token))?.emailVerified).toBe(true);
    expect(await verifyEmail(deps, token)).toBeNull();
    expect(await rejection(resendVerification(deps, { ...user, emailVerified: true }))).toBe(ALREADY_VERIFIED);
    expect(await rejection(resendVerification(deps, null))).toBe(NO_USER);
  });

  it('refuse une adresse déjà prise et un mot de passe courant, sans rien créer', async () => {
    const { deps, db } = setup();
    await registerAccount(deps, { email: 'lea@exemple.ch', password: 'une phrase assez longue', displayName: 'Léa' });
    expect(
      await rejection(
        registerAccount(deps, { email: 'lea@exemple.ch', password: 'autre phrase longue', displayName: 'L' }),
      ),
    ).toContain('existe déjà');
    expect(
      await rejection(registerAccount(deps, { email: 'x@exemple.ch', password: 'password123', displayName: 'X' })),
    ).toContain('trop courant');
    expect((db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n).toBe(1);
  });

  it('le lien de réinitialisation vaut une heure, une fois, et termine toutes les sessions', async () => {
    const { deps, mailer, store, advance } = setup();
    const { user } = await registerAccount(deps, {
      email: 'lea@exemple.ch',
      password: 'une phrase assez longue',
      displayName: 'Léa',
    });
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
    expect(await authenticate(store, 'lea@exemple.ch', 'une phrase assez longue')).toBeNull();
    expect(await authenticate(store, 'lea@exemple.ch', 'nouvelle phrase longue')).not.toBeNull();
  });

  it('une demande pour une adresse inconnue n’envoie rien', async () => {
    const { deps, mailer } = setup();
    await requestPasswordReset(deps, 'personne@exemple.ch');
    expect(mailer.sent).toHaveLength(0);
  });

  it('changer de mot de passe demande l’actuel et déconnecte les autres appareils', async () => {
    const { deps, store } = setup();
    const { user } = await registerAccount(deps, {
      email: 'lea@exemple.ch',
      password: 'une phrase assez longue',
      displayName: 'Léa',
    });
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
    const { user } = await registerAccount(deps, {
      email: 'lea@exemple.ch',
      password: 'une phrase assez longue',
      displayName: 'Léa',
    });
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
