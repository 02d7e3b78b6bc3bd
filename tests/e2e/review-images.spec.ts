// An image no admin has approved is never served at /uploads, whatever the spelling of its path; its owner and admins
// preview it at /apercu-image, nobody else (decision 031). Approving the event makes it public.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type TestUser, test } from './fixtures';

const JPEG = fs.readFileSync(path.resolve('tests/e2e/fixtures/affiche.jpg'));

test.describe('images en attente de modération @http', () => {
  test('ni /uploads ni un inconnu ne les voient ; le propriétaire et les admins les prévisualisent ; publiques une fois approuvées', async ({
    request,
    ports,
    people,
    createEvent,
  }) => {
    const { storeEventImage } = await import('../../app/.server/files/images');
    const { moderateEvent } = await import('../../app/.server/moderation/moderation');
    const { createQueuedMailer } = await import('../../app/.server/mail/queue');
    const [owner, stranger, admin] = await Promise.all([
      people.createUser(),
      people.createUser(),
      people.createUser({ role: 'admin' }),
    ]);
    const image = await storeEventImage(ports.files, JPEG, 'Affiche');
    const event = await createEvent({ status: 'pending', createdBy: owner.uid, image });
    const id = image.path.replace(/^review\//, '');
    const preview = `/apercu-image/${id}-800.webp`;

    for (const url of [
      `/uploads/review/${id}-800.webp`,
      `/uploads/%72eview/${id}-800.webp`,
      `/uploads//review/${id}-800.webp`,
      `/uploads/REVIEW/${id}-800.webp`,
      `/uploads/events/%2e%2e/review/${id}-800.webp`,
      preview,
    ]) {
      expect((await request.get(url)).status(), url).toBe(404);
    }

    const as = async (user: TestUser) => {
      const page = await people.pageAs(user);
      const response = await page.request.get(preview);
      const result = { status: response.status(), headers: response.headers() };
      await page.context().close();
      return result;
    };
    expect((await as(stranger)).status).toBe(404);
    for (const viewer of [owner, admin]) {
      const seen = await as(viewer);
      expect(seen.status).toBe(200);
      expect(seen.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      });
      expect(seen.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self'; sandbox");
    }

    await moderateEvent(
      { store: ports.store, files: ports.files, mailer: createQueuedMailer(ports.store), siteUrl: '' },
      admin,
      {
        eventId: event.id,
        action: 'approve',
      },
    );
    const published = (await ports.store.events.findById(event.id))?.image?.path ?? '';
    expect(published).toMatch(/^events\//);
    const served = await request.get(`/uploads/${published}-800.webp`);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/webp');
    expect((await request.get(`/uploads/review/${id}-800.webp`)).status()).toBe(404);
  });
});
