// The federation of one process (decision 087): null when FEDERATION is off. Built by the composition root
// (services.ts); server.ts mounts its middleware, the jobs worker (or the only process) reads its queue, and every
// event written (events-hook.ts) is published after the answer, never making the request wait.
import type { Context, Federation, MessageQueue } from '@fedify/fedify';
import type { RequestHandler } from 'express';
import { activityNegotiation, BROWSER_WITHOUT_PAGE } from '../http/activity-negotiation';
import { answerWith, federationBridge, sendJson } from '../http/federation-bridge';
import { answer, createInboxIntake, INBOX_MESSAGES, isInboxPost } from '../http/federation-inbox';
import { HOST_META_PATH, sendHostMeta } from '../http/host-meta';
import { createPagesFirst, createTurns } from '../http/turns';
import { afterResponse } from '../platform/background';
import type { Config } from '../platform/config';
import type { Store } from '../ports';
import type { FederationContext } from './actor-types';
import { AS2_TYPE, eventDocument, type FederationDocument, outboxActivityDocument } from './documents';
import { type PlaceMerged, placeActor } from './events-hook';
import { buildFederation, federationQueue } from './federation';
import { moveActor } from './moves';
import { publishEvent, refreshSeries } from './publish';

export interface FederationService {
  readonly federation: Federation<FederationContext>;
  /** Express middleware: WebFinger, NodeInfo, actors, inboxes, collections, our event objects. */
  middleware(): RequestHandler;
  /** Express middleware before the page cache: a public page asked for as ActivityStreams leads to its twin. */
  pages(): RequestHandler;
  /** Reads the queue (deliveries, received activities) until the signal aborts. */
  startQueue(signal: AbortSignal): Promise<void>;
  /** An event was written: its followers hear about it after the answer, if anything changed for them. */
  eventWritten(eventId: string): void;
  /** The same, awaited (tests, scripts). */
  publishNow(eventId: string): Promise<unknown>;
  /** The series whose date shown has passed, sent at their next date (the job `federation`): how many. */
  refreshSeries(now: Date): Promise<number>;
  /** A venue or an organizer was merged into another: its actor moves there, after the answer (moves.ts). */
  placeMerged(merge: PlaceMerged): void;
  /** The same, awaited (tests). */
  moveNow(merge: PlaceMerged): Promise<void>;
  context(): Context<FederationContext>;
}

const BODY_MAX = 256 * 1024;
/**
 * Inbox POSTs taken in at once per process (body read, signature checked, activity queued: decision 091); the others
 * wait their turn unread, which bounds the memory a burst holds.
 */
const INBOX_AT_ONCE = 2;
/**
 * At most one activity taken in per this many milliseconds and process (50 a second): a burst waits its turn, unread,
 * and the pages keep their share of the process; past INBOX_WAITING activities waiting, 503 with Retry-After.
 */
const INBOX_GAP_MS = 20;
const INBOX_WAITING = 256;
/**
 * An activity's turn waits while this process serves a page (decision 094), this long at most: under a burst, the
 * pages are served first, and a sender still hears back within seconds.
 */
const INBOX_AFTER_PAGES_MAX_MS = 1000;
/** What Fedify's own handler checks (a Linked Data Signature, a proof: JSON-LD work), at once per process. */
const FEDIFY_INBOX_AT_ONCE = 2;

/**
 * The paths Fedify answers. Any other request goes on to the site untouched: handing it to Fedify would start reading
 * its body (a form's) before the site does.
 */
const FEDERATION_PATH = /^\/(?:\.well-known\/(?:webfinger|nodeinfo|host-meta(?:\.json)?)$|nodeinfo\/|federation\/)/;

/** The documents our ids name that Fedify does not serve (documents.ts): an event object, an outbox's Create. */
function documentAt(path: string): ((ctx: Context<FederationContext>) => Promise<FederationDocument>) | null {
  const object = path.match(/^\/federation\/evenements\/([^/]+)$/);
  if (object) return (ctx) => eventDocument(ctx, decodeURIComponent(object[1]));
  const activity = path.match(/^\/federation\/acteurs\/([^/]+)\/envois\/([^/]+)$/);
  if (activity)
    return (ctx) => outboxActivityDocument(ctx, decodeURIComponent(activity[1]), decodeURIComponent(activity[2]));
  return null;
}

/**
 * Where NodeInfo is, and the application's actor (FEP-2677: the agenda), which Gancio's « add by address » looks for.
 * The schema first: Gancio takes the first link whatever its rel.
 */
export const nodeInfoLinks = (siteUrl: string) => ({
  links: [
    { rel: 'http://nodeinfo.diaspora.software/ns/schema/2.1', href: `${siteUrl}/nodeinfo/2.1` },
    { rel: 'https://www.w3.org/ns/activitystreams#Application', href: `${siteUrl}/federation/acteurs/agenda` },
  ],
});

export function createFederationService(config: Config, store: () => Store, version: string): FederationService {
  let built: { federation: Federation<FederationContext>; queue: MessageQueue } | undefined;
  const settings = {
    siteUrl: config.SITE_URL,
    testMode: config.FEDERATION_TEST_MODE,
    pollMs: config.FEDERATION_QUEUE_POLL_MS,
    retryFirstMs: config.FEDERATION_RETRY_FIRST_MS,
    version,
  };
  const parts = () => {
    if (!built) {
      const queue = federationQueue(store(), settings);
      built = { queue, federation: buildFederation(store(), settings, queue) };
    }
    return built;
  };
  const federation = () => parts().federation;
  const data = (): FederationContext => ({
    store: store(),
    siteUrl: config.SITE_URL,
    now: () => new Date(),
    allowPrivate: config.FEDERATION_TEST_MODE,
  });
  const context = (): Context<FederationContext> => federation().createContext(new URL(config.SITE_URL), data());

  return {
    get federation() {
      return federation();
    },
    middleware() {
      const fedify = federationBridge(federation(), config.SITE_URL, data);
      const intake = createInboxIntake({
        store: store(),
        siteUrl: config.SITE_URL,
        federation: federation(),
        data,
        queueMax: config.FEDERATION_QUEUE_MAX,
        enqueue: (message) => parts().queue.enqueue(message),
        bodyMax: BODY_MAX,
      });
      const pages = createPagesFirst(INBOX_AFTER_PAGES_MAX_MS);
      const inboxTurns = createTurns(INBOX_AT_ONCE, {
        gapMs: INBOX_GAP_MS,
        waitingMax: INBOX_WAITING,
        before: pages.idle,
      });
      const fedifyTurns = createTurns(FEDIFY_INBOX_AT_ONCE, { before: pages.idle });
      return (req, res, next) => {
        if (!FEDERATION_PATH.test(req.path)) {
          res.once('close', pages.enter());
          return next();
        }
        // A bounded inbox: an activity is a few kilobytes.
        if (req.method === 'POST' && Number(req.headers['content-length'] ?? 0) > BODY_MAX) {
          res.status(413).type('text/plain; charset=utf-8').send('Activité trop volumineuse.');
          return;
        }
        const isRead = req.method === 'GET' || req.method === 'HEAD';
        // A browser on an address with no page: the site's « Page introuvable », in French, not a document.
        if (isRead && res.locals[BROWSER_WITHOUT_PAGE]) return next();
        if (isRead && HOST_META_PATH.test(req.path)) return sendHostMeta(req, res, config.SITE_URL);
        if (isRead && req.path === '/.well-known/nodeinfo')
          return sendJson(req, res, 200, nodeInfoLinks(config.SITE_URL), 'application/json; charset=utf-8');
        const document = isRead ? documentAt(req.path) : null;
        if (document) {
          void document(context())
            .then((found) =>
              sendJson(
                req,
                res,
                found.status,
                found.body,
                found.status === 404 ? 'application/json; charset=utf-8' : AS2_TYPE,
              ),
            )
            .catch(next);
          return;
        }
        if (!isInboxPost(req)) return fedify(req, res, next);
        const turn = inboxTurns.take();
        if (!turn) return answer(res, { status: 503, text: INBOX_MESSAGES.full, retryAfter: 60 });
        void turn.then(async (release) => {
          // The sender gave up while waiting: nothing to read.
          if (res.destroyed || req.destroyed) return release();
          res.once('close', release);
          try {
            const outcome = await intake.take(req);
            if (outcome.status !== 'fedify') return answer(res, outcome);
            release();
            const fedifyRelease = (await fedifyTurns.take()) as () => void;
            res.once('close', fedifyRelease);
            await answerWith(federation(), outcome.request, data, req, res, next);
          } catch (error) {
            next(error);
          }
        });
      };
    },
    pages() {
      return activityNegotiation(store, config.SITE_URL);
    },
    startQueue(signal) {
      return federation().startQueue(data(), { signal });
    },
    eventWritten(eventId) {
      afterResponse('fédération', () => publishEvent(context(), eventId));
    },
    publishNow(eventId) {
      return publishEvent(context(), eventId);
    },
    refreshSeries(now) {
      return refreshSeries(federation().createContext(new URL(config.SITE_URL), { ...data(), now: () => now }));
    },
    placeMerged(merge) {
      afterResponse('fédération', () => moveNow(merge));
    },
    moveNow,
    context,
  };

  async function moveNow({ kind, gone, intoId }: PlaceMerged) {
    const ctx = context();
    await moveActor(ctx, {
      from: placeActor(kind, gone.id),
      to: placeActor(kind, intoId),
      handle: placeActor(kind, gone.id),
      name: gone.name,
      pageUrl: `${config.SITE_URL}/${kind === 'venue' ? 'lieux' : 'organisateurs'}/${encodeURIComponent(gone.slug)}`,
    });
  }
}
