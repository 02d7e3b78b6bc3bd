// What the admin is told after a decision (issue 37's outside tester): an event of an admin — their own, or one of a
// calendar or fediverse source they added — has no organizer to tell by mail, and the flash does not claim it; a
// decision other than approving or refusing names the title the public sees, not an edit still waiting.
import { describe, expect, it } from 'vitest';
import { moderateEvent } from '../../app/.server/moderation/moderation';
import type { MailPort } from '../../app/.server/ports';
import { DEFAULT_CATEGORIES } from '../../app/domain/categories';
import { ACTION_DONE } from '../../app/routes/admin.events/moderation-ui';
import { makeEvent, makeUser } from '../support/factories';
import { memoryStore } from './memory-store';

const orga = makeUser({ uid: 'orga', displayName: 'Orga', role: 'organizer' });
const admin = makeUser({ uid: 'admin', displayName: 'Admin', role: 'admin' });

async function setup() {
  const { store } = memoryStore();
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  for (const u of [orga, admin]) await store.users.upsert({ ...u, passwordHash: 'x', now: '' });
  const sent: string[] = [];
  const mailer = { send: async (m: { to: string }) => void sent.push(m.to) } as unknown as MailPort;
  await store.events.insertMany([
    makeEvent({ id: 'du-orga', title: 'Bal du village', status: 'pending', createdBy: orga.uid }),
    makeEvent({ id: 'de-source', title: 'Concert venu du fédivers', status: 'pending', createdBy: admin.uid }),
  ]);
  return { deps: { store, mailer, siteUrl: 'https://agenda.test' }, sent };
}

describe('modération : ce que l’admin apprend de sa décision', () => {
  it('l’organisateur d’un événement est informé par email, pas l’admin qui a ajouté une source', async () => {
    const { deps, sent } = await setup();
    const mine = await moderateEvent(deps, admin, { eventId: 'du-orga', action: 'approve' });
    const remote = await moderateEvent(deps, admin, { eventId: 'de-source', action: 'approve' });
    expect(mine.told).toBe(true);
    expect(remote.told).toBe(false);
    expect(sent).toEqual([orga.email]);
    expect(ACTION_DONE.approve('Bal du village', false, mine.told)).toBe(
      '«\u00a0Bal du village\u00a0» est publié. L’organisateur en est informé par email.',
    );
    expect(ACTION_DONE.approve('Concert venu du fédivers', false, remote.told)).toBe(
      '«\u00a0Concert venu du fédivers\u00a0» est publié.',
    );
  });

  it('les messages suivent la typographie française (espaces insécables)', () => {
    for (const [intent, say] of Object.entries(ACTION_DONE)) {
      for (const text of [say('Titre', false, true), say('Titre', true, true)]) {
        expect(text.match(/ [:;!?»]|« /g) ?? [], `${intent} : ${text}`).toEqual([]);
      }
    }
  });
});
