// What the `mails` job sends with: the store, the transport, and the account mails written when they leave.
import { renderAccountMail } from '../accounts/deferred-mails';
import type { Services } from '../services';
import type { DeliveryDeps } from './deliver';

export function mailDeliveryDeps(services: Services): DeliveryDeps {
  const { store, identity, config } = services;
  return {
    store,
    transport: services.mailTransport,
    render: (mail, now) => renderAccountMail({ store, identity, siteUrl: config.SITE_URL }, mail, now),
    messageIdDomain: config.MAIL_FROM.split('@')[1] ?? 'agenda-romand.ch',
  };
}
