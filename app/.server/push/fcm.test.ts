import type { BatchResponse, MulticastMessage } from 'firebase-admin/messaging';
import { describe, expect, it, vi } from 'vitest';
import { createFcmSender } from './fcm';

function fakeMessaging(failures: Record<string, string>) {
  const calls: MulticastMessage[] = [];
  return {
    calls,
    async sendEachForMulticast(message: MulticastMessage): Promise<BatchResponse> {
      calls.push(message);
      const responses = message.tokens.map((token) =>
        failures[token]
          ? { success: false, error: { code: failures[token], message: 'x' } as never }
          : { success: true, messageId: `m-${token}` },
      );
      const failureCount = responses.filter((r) => !r.success).length;
      return { responses, successCount: responses.length - failureCount, failureCount };
    },
  };
}

describe('notifications FCM', () => {
  it('envoie titre, texte, données et lien absolu ; rend les jetons morts, garde les autres erreurs', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const messaging = fakeMessaging({
      mort: 'messaging/registration-token-not-registered',
      casse: 'messaging/invalid-registration-token',
      quota: 'messaging/message-rate-exceeded',
    });
    const sender = createFcmSender(messaging, 'https://agenda.test');
    const result = await sender.send(['ok', 'mort', 'casse', 'quota', 'ok'], {
      title: 'Nouvel événement à modérer',
      body: 'Concert',
      link: '/admin/events?eventId=e1',
      data: { type: 'event_pending', eventId: 'e1' },
    });
    expect(result.invalidTokens).toEqual(['mort', 'casse']);
    expect(messaging.calls).toHaveLength(1);
    expect(messaging.calls[0]).toMatchObject({
      tokens: ['ok', 'mort', 'casse', 'quota'],
      notification: { title: 'Nouvel événement à modérer', body: 'Concert' },
      data: { type: 'event_pending', eventId: 'e1', link: 'https://agenda.test/admin/events?eventId=e1' },
      webpush: { fcmOptions: { link: 'https://agenda.test/admin/events?eventId=e1' } },
    });
  });

  it('découpe en envois de 500 jetons au plus', async () => {
    const messaging = fakeMessaging({});
    const tokens = Array.from({ length: 1201 }, (_, i) => `t${i}`);
    await createFcmSender(messaging, 'https://agenda.test').send(tokens, { title: 'T', body: 'B' });
    expect(messaging.calls.map((c) => c.tokens.length)).toEqual([500, 500, 201]);
  });
});
