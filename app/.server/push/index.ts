// The push transport chosen by configuration, built once per process.
import { getConfig } from '../config';
import { singleton } from '../singleton';
import type { PushTransport } from './ports';
import { vapidDetails } from './vapid';
import { createWebPushTransport } from './web-push';

export function getPushTransport(): PushTransport {
  return singleton('pushTransport', () => {
    const config = getConfig();
    // With Firebase configured, the FCM adapter (same port) is chosen here.
    return createWebPushTransport({
      vapid: vapidDetails(config),
      allowLoopbackHttp: config.NODE_ENV !== 'production',
    });
  });
}
