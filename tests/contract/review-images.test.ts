// An organizer's image is public only once an admin approved the content that shows it (decision 031), on both
// stores with their file stores (SQLite: the disk; Firestore: Firebase Storage, here its local stand-in). Through the
// use cases the routes call: the form stores the image, the organizer submits or edits, the admin decides.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getEventForViewer } from '../../app/.server/events/public';
import { submitEvent, updateEvent } from '../../app/.server/events/submissions';
import { createDiskFileStore } from '../../app/.server/files/disk';
import { readReviewImage, storeEventImage } from '../../app/.server/files/images';
import type { FileStore } from '../../app/.server/files/ports';
import { createStorageFileStore } from '../../app/.server/files/storage';
import { moderateEvent } from '../../app/.server/moderation/moderation';
import { decideOnProfile, saveOrganizerProfile } from '../../app/.server/places/organizer-profile';
import type { Store } from '../../app/.server/ports';
import { DEFAULT_CATEGORIES } from '../../app/domain/categories';
import { type EventFormInput, eventFormSchema } from '../../app/domain/event-form';
import { IMAGE_WIDTHS, imageUrl } from '../../app/domain/images';
import { makeEventForm, makeOrganizer, makeUser, storeUser } from '../support/factories';
import { type StorageStandIn, startStorageStandIn } from '../support/storage-stand-in';
import { ignoringMailer } from '../unit/memory-store';
import { BACKENDS } from './backends';

const JPEG = fs.readFileSync(path.resolve('tests/e2e/fixtures/affiche.jpg'));
const noMail = ignoringMailer();

let standIn: StorageStandIn;
let firebase: ReturnType<typeof initializeApp>;
beforeAll(async () => {
  standIn = await startStorageStandIn();
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = standIn.host;
  firebase = initializeApp({ projectId: 'demo-review-images' }, 'review-images');
});
afterAll(async () => {
  await deleteApp(firebase);
  await standIn.close();
  delete process.env.FIREBASE_STORAGE_EMULATOR_HOST;
});

describe.each(BACKENDS)('images relues avant publication : $name', (backend) => {
  let store: Store;
  let files: FileStore;
  let dispose: () => Promise<void>;
  let cleanUp = () => {};
  const owner = makeUser({ uid: 'orga-a' });
  const stranger = makeUser({ uid: 'orga-b' });
  const admin = makeUser({ uid: 'ada', role: 'admin' });
  const form = (overrides: Record<string, string> = {}): EventFormInput =>
    eventFormSchema().parse(makeEventForm(overrides));

  beforeEach(async () => {
    ({ store, dispose } = await backend.open());
    await store.categories.upsertMany(DEFAULT_CATEGORIES);
    for (const user of [owner, stranger, admin]) await storeUser(store, user);
    if (backend.name === 'SQLite') {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'review-images-'));
      files = createDiskFileStore(root);
      cleanUp = () => fs.rmSync(root, { recursive: true, force: true });
    } else {
      files = createStorageFileStore(getStorage(firebase).bucket(`b${Math.random().toString(36).slice(2)}`));
    }
  });
  afterEach(async () => {
    await dispose();
    cleanUp();
  });

  /** What the public could fetch: what `/uploads` serves is under `events/` (and partners' logos). */
  const publicKeys = async () => (await files.list('events/')).map((f) => f.key);
  const reviewKeys = async () => (await files.list('review/')).map((f) => f.key);
  const variantsOf = (base: string) => IMAGE_WIDTHS.map((w) => `${base}-${w}.webp`).sort();
  const approve = (eventId: string) =>
    moderateEvent({ store, files, mailer: noMail, siteUrl: 'https://agenda.test' }, admin, {
      eventId,
      action: 'approve',
    });
  const nameOf = (url: string) => url.split('/').pop() ?? '';

  it('l’image d’un événement soumis n’est publique qu’après son approbation', async () => {
    const image = await storeEventImage(files, JPEG, 'Affiche du concert');
    const { event } = await submitEvent({ store }, owner, form(), { submissionKey: 'k'.repeat(24), image });

    // Awaiting moderation: nothing under the public prefix; its owner and admins only see it.
    expect(await publicKeys()).toEqual([]);
    const url = imageUrl(event.image!.path, 800);
    expect(url).toMatch(/^\/apercu-image\/[a-z0-9]{16}-800\.webp$/);
    expect(await readReviewImage({ store, files }, null, nameOf(url))).toBeNull();
    expect(await readReviewImage({ store, files }, stranger, nameOf(url))).toBeNull();
    expect(await readReviewImage({ store, files }, owner, nameOf(url))).not.toBeNull();
    expect(await readReviewImage({ store, files }, admin, nameOf(url))).not.toBeNull();

    const bytes = await files.get(`${event.image!.path}-800.webp`);
    await approve(event.id);
    const shown = (await getEventForViewer({ store }, event.id, null))?.event;
    expect(shown?.image?.path).toMatch(/^events\/[a-z0-9]{16}$/);
    expect(imageUrl(shown!.image!.path, 800)).toMatch(/^\/uploads\/events\//);
    expect((await store.events.findById(event.id))?.image?.path).toBe(shown?.image?.path);
    expect(await publicKeys()).toEqual(variantsOf(shown!.image!.path));
    expect(await files.get(`${shown!.image!.path}-800.webp`)).toEqual(bytes);
    // The review copy is gone once published.
    expect(await reviewKeys()).toEqual([]);
  });

  it('la nouvelle image d’une modification attend l’approbation, l’ancienne reste publique', async () => {
    const first = await storeEventImage(files, JPEG, 'Première affiche');
    const { event } = await submitEvent({ store }, owner, form(), { submissionKey: 'm'.repeat(24), image: first });
    await approve(event.id);
    const published = (await store.events.findById(event.id))!.image!.path;

    const second = await storeEventImage(files, JPEG, 'Nouvelle affiche');
    await updateEvent({ store, files }, owner, event.id, form({ title: 'Concert de l’Avent, nouvelle date' }), second);
    const waiting = await store.events.findById(event.id);
    expect(waiting?.revision?.image?.path).toMatch(/^review\//);
    // The public still sees the approved image, still served; the new one is not public.
    expect((await getEventForViewer({ store }, event.id, null))?.event.image?.path).toBe(published);
    expect(await publicKeys()).toEqual(variantsOf(published));
    expect(await reviewKeys()).toEqual(variantsOf(second.path));
    // Its owner previews it.
    const preview = nameOf(imageUrl(second.path, 400));
    expect(await readReviewImage({ store, files }, owner, preview)).not.toBeNull();
    expect(await readReviewImage({ store, files }, stranger, preview)).toBeNull();

    await approve(event.id);
    const after = await store.events.findById(event.id);
    expect(after?.revision).toBeNull();
    expect(after?.image?.path).toMatch(/^events\//);
    expect(after?.image?.path).not.toBe(published);
    expect((await getEventForViewer({ store }, event.id, null))?.event.image?.path).toBe(after?.image?.path);
    expect(await publicKeys()).toEqual([...variantsOf(published), ...variantsOf(after!.image!.path)].sort());
    expect(await reviewKeys()).toEqual([]);
  });

  it('une image refusée ou supprimée avec son événement quitte le stockage sans jamais être publique', async () => {
    const first = await storeEventImage(files, JPEG, 'Affiche');
    const { event } = await submitEvent({ store }, owner, form(), { submissionKey: 'n'.repeat(24), image: first });
    await approve(event.id);
    const refused = await storeEventImage(files, JPEG, 'Affiche refusée');
    await updateEvent({ store, files }, owner, event.id, form({ title: 'Concert de l’Avent modifié' }), refused);
    await moderateEvent({ store, files, mailer: noMail, siteUrl: 'https://agenda.test' }, admin, {
      eventId: event.id,
      action: 'reject',
      reason: 'Image sans rapport',
    });
    expect(await reviewKeys()).toEqual([]);
    expect(await publicKeys()).toEqual(variantsOf((await store.events.findById(event.id))!.image!.path));

    const other = await storeEventImage(files, JPEG, 'Autre');
    const { event: pending } = await submitEvent({ store }, owner, form({ title: 'Autre concert' }), {
      submissionKey: 'p'.repeat(24),
      image: other,
    });
    await moderateEvent({ store, files, mailer: noMail, siteUrl: 'https://agenda.test' }, admin, {
      eventId: pending.id,
      action: 'delete',
    });
    expect(await reviewKeys()).toEqual([]);
  });

  it('le logo d’un profil d’organisateur publié passe en public, sa copie relue s’en va', async () => {
    await store.organizers.insertMany([makeOrganizer({ id: 'jeunesse', slug: 'jeunesse', accountUids: [owner.uid] })]);
    const sent = await saveOrganizerProfile({ store, files }, owner, {
      organizerId: 'jeunesse',
      description: 'La jeunesse du village.',
      website: '',
      logoAlt: 'Logo de la jeunesse',
      logo: { bytes: JPEG },
      removeLogo: false,
    });
    if (!sent.ok) throw new Error(JSON.stringify(sent.errors));
    const review = sent.organizer.revision?.logo?.path ?? '';
    expect(review).toMatch(/^review\//);
    expect(await reviewKeys()).toEqual(variantsOf(review));
    const published = await decideOnProfile({ store, files }, admin, {
      id: 'jeunesse',
      seen: sent.organizer.updatedAt,
      publish: true,
    });
    expect(published.logo?.path).toMatch(/^events\/[a-z0-9]{16}$/);
    expect(await publicKeys()).toEqual(variantsOf(published.logo?.path ?? ''));
    expect(await reviewKeys()).toEqual([]);
  });
});
