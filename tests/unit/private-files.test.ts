// DATA_DIR's private files (issue 68): the live base and its journal, the limits' counts, the outbox's mails (live
// reset links) and the uploads waiting for their event (the original with its EXIF) are their owner's only, 0600 in
// 0700 folders, as exports and backups are; a base left world-readable by an older version is closed at its next start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../app/.server/adapters/sqlite/db';
import { createDiskFileStore } from '../../app/.server/files/disk';
import { createOutboxTransport } from '../../app/.server/mail/mailer';
import { prepareLimitsDatabase } from '../../app/.server/platform/limiter';
import { closePrivateFolder } from '../../app/.server/platform/private-files';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('les fichiers privés de DATA_DIR', () => {
  it('la base, son journal, les limites, les mails et les images en attente : 0600, dans des dossiers 0700', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-prives-'));
    // A base an older version left readable by all, with its journal.
    const base = path.join(dataDir, 'agenda.sqlite');
    fs.writeFileSync(base, '', { mode: 0o644 });
    fs.chmodSync(base, 0o644);
    const db = openDatabase(base);
    db.exec('CREATE TABLE IF NOT EXISTS essai (x)');
    db.prepare('INSERT INTO essai VALUES (1)').run();
    for (const file of [base, `${base}-wal`, `${base}-shm`]) expect(modeOf(file), file).toBe(0o600);
    db.close();

    const limits = path.join(dataDir, 'limites.sqlite');
    prepareLimitsDatabase(limits);
    expect(modeOf(limits)).toBe(0o600);

    const outbox = path.join(dataDir, 'outbox');
    await createOutboxTransport(outbox, 'site@exemple.ch').deliver({
      messageId: '<essai@exemple.ch>',
      to: 'lea@exemple.ch',
      subject: 'Réinitialiser votre mot de passe',
      text: 'https://exemple.ch/auth/reset-password?token=secret',
      html: '<p>https://exemple.ch/auth/reset-password?token=secret</p>',
    });
    expect(modeOf(outbox)).toBe(0o700);
    const [mail] = fs.readdirSync(outbox);
    expect(modeOf(path.join(outbox, mail))).toBe(0o600);

    const uploads = path.join(dataDir, 'uploads');
    const files = createDiskFileStore(uploads);
    await files.put('pending/abc-123', Buffer.from('original'), 'image/jpeg');
    await files.put('events/photo.webp', Buffer.from('public'), 'image/webp');
    expect(modeOf(path.join(uploads, 'pending'))).toBe(0o700);
    expect(modeOf(path.join(uploads, 'pending', 'abc-123'))).toBe(0o600);
    // The public images keep their mode: a web server in front may serve them.
    expect(modeOf(path.join(uploads, 'events', 'photo.webp'))).toBe(0o644);
  });

  it('au démarrage, les mails et les images en attente qu’une version plus ancienne a laissés lisibles se ferment', () => {
    const outbox = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-prives-')), 'outbox');
    fs.mkdirSync(outbox, { mode: 0o755 });
    fs.chmodSync(outbox, 0o755);
    const mail = path.join(outbox, 'ancien.eml');
    fs.writeFileSync(mail, 'https://exemple.ch/auth/reset-password?token=secret', { mode: 0o644 });
    fs.chmodSync(mail, 0o644);
    closePrivateFolder(outbox);
    expect(modeOf(outbox)).toBe(0o700);
    expect(modeOf(mail)).toBe(0o600);
  });
});
