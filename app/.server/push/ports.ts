// The push port: how the server reaches admins' devices. Web Push with VAPID by default (web-push.ts), FCM when
// Firebase is configured (its adapter implements the same interface). Use cases never know which one runs.
import type { PushClientConfig } from '~/domain/push';

/** docs/specification.md §3 push message: a notification (title, body, image, icon), data, and link options. */
export interface PushMessage {
  notification: { title: string; body: string; icon?: string; image?: string; badge?: string };
  /** String values only (FCM's rule, kept for both transports). `url` is the site path a click opens. */
  data: Record<string, string>;
  /** Link options: the absolute address a click opens (FCM `webpush.fcmOptions.link`). */
  fcmOptions?: { link?: string };
}

export type PushResult =
  | { status: 'sent' }
  /** The push service no longer knows the token (HTTP 404 or 410): remove it. */
  | { status: 'gone' }
  | { status: 'failed'; reason: string };

export interface PushTransport {
  readonly kind: PushClientConfig['transport'];
  /** What a browser subscribes with (the public key may first be read from the store, once per process). */
  clientConfig(): Promise<PushClientConfig>;
  /**
   * Checks a token sent by a browser and returns the form to store (Web Push: the subscription as canonical
   * JSON of endpoint and keys; FCM: the registration token), or null when it is not one this transport can use.
   */
  normalizeToken(token: string): string | null;
  send(token: string, message: PushMessage): Promise<PushResult>;
  /** One message to many devices; the results come in the tokens' order (FCM: multicasts of 500). */
  sendMany(tokens: readonly string[], message: PushMessage): Promise<PushResult[]>;
}
