// A committee of three (issue 73, decision 167): a responsable invites by email, the invited account joins through
// the link once; the answer is the same for an address with or without an account; a member sees and manages the
// organization's events until removed; the last responsable cannot leave.
import { describe, expect, it } from 'vitest';
import { actorsFor } from '~/domain/event-lifecycle';
import { makeEvent, makeOrganizer, storeUser } from '../../../tests/support/factories';
import { memoryStore, recordingMailer } from '../../../tests/unit/memory-store';
import { managedEvents } from '../events/dashboard';
import { changeEvent } from '../events/lifecycle';
import { moderationCase } from '../moderation/moderation';
import { seedCategories } from '../seed/seed';
import {
  acceptInvitation,
  invitationFor,
  inviteMember,
  organizationPage,
  removeMember,
  revokeInvitation,
  setMemberRole,
} from './manage';
import { accountsAsResponsables } from './members';

const NOW = new Date(Date.UTC(2030, 2, 9, 9));
const later = (days: number) => new Date(NOW.getTime() + days * 86_400_000);

async function committee() {
  const { store } = memoryStore();
  const mailer = recordingMailer();
  await seedCategories({ store });
  const ana = await storeUser(store, { uid: 'ana', email: 'ana@chorale.ch', displayName: 'Ana' });
  const bea = await storeUser(store, { uid: 'bea', email: 'bea@chorale.ch', displayName: 'Béa' });
  const cle = await storeUser(store, { uid: 'cle', email: 'cle@chorale.ch', displayName: 'Clé' });
  const choir = makeOrganizer({ id: 'chorale', slug: 'chorale', name: 'Chorale du Jorat', accountUids: ['ana'] });
  await store.organizers.insertMany([choir]);
  await accountsAsResponsables({ store }, [choir], NOW.toISOString());
  const deps = { store, mailer, siteUrl: 'https://agenda.test', now: () => NOW };
  /** The account as a request reads it: its organizations read again (session.ts). */
  const asRequest = async (u: typeof ana) => ({
    ...u,
    organizerIds: (await store.organizerMembers.listByAccount(u.uid)).map((m) => m.organizerId),
  });
  const tokenOf = (i: number) => /token=([\w-]+)/.exec(mailer.sent[i].text)?.[1] ?? '';
  return { store, mailer, deps, ana, bea, cle, asRequest, tokenOf };
}

describe('une organisation à plusieurs', () => {
  it('un responsable invite par email ; la réponse ne dit pas si l’adresse a un compte ; le lien sert une fois', async () => {
    const { deps, mailer, ana, bea, cle, tokenOf } = await committee();
    const known = await inviteMember(deps, ana, { organizerId: 'chorale', email: ' bea@chorale.ch ', role: 'membre' });
    const unknown = await inviteMember(deps, ana, { organizerId: 'chorale', email: 'dan@chorale.ch', role: 'membre' });
    expect(Object.keys(known)).toEqual(Object.keys(unknown));
    expect(mailer.sent.map((m) => m.to)).toEqual(['bea@chorale.ch', 'dan@chorale.ch']);
    expect(mailer.sent[0].subject).toBe('Invitation à rejoindre «\u00a0Chorale du Jorat\u00a0» — Agenda romand');
    expect(mailer.sent[0].text).toContain('valable 7 jours');

    await expect(acceptInvitation(deps, cle, tokenOf(0))).rejects.toThrow('envoyée à une autre adresse');
    expect(await acceptInvitation(deps, bea, tokenOf(0))).toEqual({ organizerId: 'chorale' });
    await expect(acceptInvitation(deps, bea, tokenOf(0))).rejects.toThrow('n’est plus valable');
    // A membre does not invite; past 7 days a link no longer works.
    await expect(inviteMember(deps, bea, { organizerId: 'chorale', email: 'x@y.ch', role: 'membre' })).rejects.toThrow(
      'Seul un responsable',
    );
    await inviteMember(deps, ana, { organizerId: 'chorale', email: 'cle@chorale.ch', role: 'responsable' });
    await expect(acceptInvitation({ ...deps, now: () => later(8) }, cle, tokenOf(2))).rejects.toThrow(
      'n’est plus valable',
    );
    await expect(
      inviteMember(deps, ana, { organizerId: 'chorale', email: 'pas une adresse', role: 'membre' }),
    ).rejects.toThrow('Cette adresse email n’est pas valide.');
    // A member already (any case): said so, nothing sent.
    const before = mailer.sent.length;
    await expect(
      inviteMember(deps, ana, { organizerId: 'chorale', email: 'BEA@chorale.ch', role: 'membre' }),
    ).rejects.toThrow('déjà celle d’un membre');
    expect(mailer.sent).toHaveLength(before);
  });

  it('un responsable retire une invitation en attente : le lien ne vaut plus ; un membre ne le peut pas', async () => {
    const { deps, ana, bea, tokenOf } = await committee();
    await inviteMember(deps, ana, { organizerId: 'chorale', email: 'bea@chorale.ch', role: 'membre' });
    await inviteMember(deps, ana, { organizerId: 'chorale', email: 'dan@chorale.ch', role: 'membre' });
    await acceptInvitation(deps, bea, tokenOf(0));
    await expect(revokeInvitation(deps, bea, { organizerId: 'chorale', email: 'dan@chorale.ch' })).rejects.toThrow(
      'Seul un responsable',
    );
    const before = await organizationPage(deps, ana, 'chorale');
    expect(before.chosen?.invitations.map((i) => i.email)).toEqual(['dan@chorale.ch']);
    await revokeInvitation(deps, ana, { organizerId: 'chorale', email: 'Dan@chorale.ch' });
    expect((await organizationPage(deps, ana, 'chorale')).chosen?.invitations).toEqual([]);
    expect(await invitationFor(deps, tokenOf(1))).toBeNull();
    await expect(revokeInvitation(deps, ana, { organizerId: 'chorale', email: 'dan@chorale.ch' })).rejects.toThrow(
      'Aucune invitation en attente',
    );
  });

  it('chaque membre voit et gère les événements de l’organisation, jusqu’à son retrait', async () => {
    const { store, deps, mailer, ana, bea, asRequest, tokenOf } = await committee();
    await inviteMember(deps, ana, { organizerId: 'chorale', email: 'bea@chorale.ch', role: 'membre' });
    await acceptInvitation(deps, bea, tokenOf(0));
    expect(mailer.sent).toHaveLength(1);
    const concert = makeEvent({
      id: 'concert',
      slug: 'concert',
      status: 'pending',
      createdBy: 'ana',
      organizerId: 'chorale',
    });
    await store.events.insertMany([concert]);

    const member = await asRequest(bea);
    expect((await managedEvents({ store }, member)).map((e) => e.id)).toEqual(['concert']);
    expect(actorsFor(member, concert)).toEqual(['owner']);

    // What she wrote « au nom de » the choir is the choir's: once she is out, it is handed to its responsable.
    const atelier = makeEvent({
      id: 'atelier',
      slug: 'atelier',
      status: 'pending',
      createdBy: 'bea',
      organizerId: 'chorale',
    });
    const hers = makeEvent({ id: 'sien', slug: 'sien', status: 'pending', createdBy: 'bea', organizerId: null });
    await store.events.insertMany([atelier, hers]);
    await removeMember(deps, ana, { organizerId: 'chorale', uid: 'bea' });
    // She learns it by mail, in French, from whom.
    expect(mailer.sent.at(-1)?.to).toBe('bea@chorale.ch');
    expect(mailer.sent.at(-1)?.subject).toBe(
      'Vous ne faites plus partie de «\u00a0Chorale du Jorat\u00a0» — Agenda romand',
    );
    expect(mailer.sent.at(-1)?.text).toContain('Ana vous a retiré de «\u00a0Chorale du Jorat\u00a0»');
    const removed = await asRequest(bea);
    expect((await managedEvents({ store }, removed)).map((e) => e.id)).toEqual(['sien']);
    expect(actorsFor(removed, concert)).toEqual([]);
    const handed = await store.events.findById('atelier');
    expect(handed?.createdBy).toBe('ana');
    expect(actorsFor(removed, handed)).toEqual([]);
    expect((await store.events.findById('sien'))?.createdBy).toBe('bea');
    await expect(organizationPage(deps, removed, 'chorale')).rejects.toThrow('vous n’en êtes pas membre');
  });

  it('la modération lit quel membre a fait quoi de l’événement d’un autre ; ses propres pas et ceux d’une personne seule restent hors du journal', async () => {
    const { store, deps, ana, bea, asRequest, tokenOf } = await committee();
    await inviteMember(deps, ana, { organizerId: 'chorale', email: 'bea@chorale.ch', role: 'membre' });
    await acceptInvitation(deps, bea, tokenOf(0));
    const concert = makeEvent({
      id: 'concert',
      slug: 'concert',
      status: 'pending',
      createdBy: 'ana',
      organizerId: 'chorale',
    });
    const bea2 = makeEvent({ id: 'bal', slug: 'bal', status: 'pending', createdBy: 'bea', organizerId: 'chorale' });
    const own = makeEvent({ id: 'solo', slug: 'solo', status: 'pending', createdBy: 'ana', organizerId: null });
    await store.events.insertMany([concert, bea2, own]);

    await changeEvent({ store, now: () => NOW }, await asRequest(bea), { eventId: 'concert', action: 'cancel' });
    await changeEvent({ store, now: () => NOW }, await asRequest(ana), { eventId: 'solo', action: 'cancel' });
    await changeEvent({ store, now: () => NOW }, await asRequest(bea), { eventId: 'bal', action: 'cancel' });
    const history = await store.events.moderationHistory('concert');
    expect(history.map((h) => [h.adminName, h.action])).toEqual([['Béa', 'cancel']]);
    expect(await store.events.moderationHistory('solo')).toEqual([]);
    expect(await store.events.moderationHistory('bal')).toEqual([]);

    const seen = await moderationCase({ store }, (await store.events.findById('concert'))!);
    expect(seen.organization).toEqual({
      name: 'Chorale du Jorat',
      slug: 'chorale',
      submitterRole: 'responsable',
      members: [
        { role: 'responsable', name: 'Ana' },
        { role: 'membre', name: 'Béa' },
      ],
      others: 0,
    });
  });

  it('le dernier responsable ne part pas ; un autre nommé, il peut', async () => {
    const { deps, mailer, ana, bea, asRequest, tokenOf } = await committee();
    await inviteMember(deps, ana, { organizerId: 'chorale', email: 'bea@chorale.ch', role: 'membre' });
    await acceptInvitation(deps, bea, tokenOf(0));
    await expect(removeMember(deps, ana, { organizerId: 'chorale', uid: 'ana' })).rejects.toThrow(
      'L’organisation garderait des membres sans responsable',
    );
    await expect(setMemberRole(deps, bea, { organizerId: 'chorale', uid: 'bea', role: 'responsable' })).rejects.toThrow(
      'Seul un responsable',
    );
    await setMemberRole(deps, ana, { organizerId: 'chorale', uid: 'bea', role: 'responsable' });
    const sent = mailer.sent.length;
    await removeMember(deps, ana, { organizerId: 'chorale', uid: 'ana' });
    // Leaving is one's own doing: no mail.
    expect(mailer.sent).toHaveLength(sent);
    const page = await organizationPage(deps, await asRequest(bea), 'chorale');
    expect(page.chosen?.members.map((m) => [m.name, m.roleLabel])).toEqual([['Béa', 'Responsable']]);
  });
});
