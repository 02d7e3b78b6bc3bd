// The end-to-end `test`: each test makes its own accounts and content through the ports the server uses (the same
// adapters, on the backend tests/support/e2e-backend.ts chose), logs in by cookie through the server's own session
// code, and everything it made is removed afterwards, even when it fails. Specs import `test` and `expect` from here.
import { type BrowserContext, type BrowserContextOptions, test as base, expect, type Page } from '@playwright/test';
import type { FileStore } from '../../app/.server/files/ports';
import type { IdentityProvider } from '../../app/.server/identity/ports';
import type { Config } from '../../app/.server/platform/config';
import type { Role, Store, UserProfile } from '../../app/.server/ports';
import type { Category } from '../../app/domain/categories';
import type { AgendaEvent } from '../../app/domain/event';
import type { Partner } from '../../app/domain/partner';
import { type E2eBackend, e2eBackend, e2eServerEnv } from '../support/e2e-backend';
import { makeCategory, makeEvent, makePartner } from '../support/factories';
import { unique, uniqueEmail } from './utils';

// Before any module of the app reads its configuration: the server's own (data directory, backend, session secret).
Object.assign(process.env, { ...e2eServerEnv(), NODE_ENV: 'test' });

export { expect };

/** The server's store, identity provider and file store, opened in this worker with the server's configuration. */
export interface Ports {
  backend: E2eBackend;
  store: Store;
  identity: IdentityProvider;
  files: FileStore;
  /** The server's settings (the session cookie is signed with its secret). */
  config: Config;
}

/** An account made for one test, with the password it logs in with. */
export type TestUser = UserProfile & { password: string };

export interface UserOptions {
  role?: Role;
  /** Whether the email address is verified (default: yes). */
  verified?: boolean;
  displayName?: string;
  email?: string;
  password?: string;
}

/** What a test made, removed after it in an order the store accepts (a category goes once no event uses it). */
interface Trash {
  events: Set<string>;
  users: { uid: string }[];
  /** Accounts registered through the pages, found by their address when the test ends. */
  emails: Set<string>;
  partners: Set<string>;
  categories: Set<string>;
}

export interface Fixtures {
  trash: Trash;
  /** A new account (Argon2id hash, or a Firebase Auth account on Firestore), removed after the test with its events. */
  createUser(options?: UserOptions): Promise<TestUser>;
  /** Logs the page's browser context in as `user` with a session cookie, as a successful login would. */
  loginAs(page: Page, user: TestUser): Promise<void>;
  /** A new account (createUser's options) logged in on the test's page: how most tests start. */
  signIn(options?: UserOptions): Promise<TestUser>;
  /**
   * A page in a browser of its own (a new context: its own cookies), logged in as `user`: a second person beside the
   * test's page. Closed after the test if the test has not closed it.
   */
  pageAs(user: TestUser, options?: BrowserContextOptions): Promise<Page>;
  /** The people of a test: createUser, signIn and pageAs in one, for tests and step helpers with several accounts. */
  people: People;
  /** An event written to the store (a published workshop two weeks ahead, unique title), removed after the test. */
  createEvent(overrides?: Partial<AgendaEvent>): Promise<AgendaEvent>;
  /** A category written to the store (unique slug and name unless given), removed after the test. */
  createCategory(overrides?: Partial<Omit<Category, 'order'>>): Promise<Category>;
  /** A partner written to the store (unique name unless given), removed after the test. */
  createPartner(overrides?: Partial<Omit<Partner, 'order'>>): Promise<Partner>;
  /** Removes after the test what the test made through the pages (an admin form's category, partner or event). */
  removeAfter: {
    event(id: string): void;
    category(slug: string): void;
    partner(id: string): void;
    /** An account registered through the pages, with its events. */
    account(email: string): void;
  };
}

/** Accounts (createUser), the test's page logged in (signIn) and pages of their own (pageAs): the `people` fixture. */
export type People = Pick<Fixtures, 'createUser' | 'signIn' | 'pageAs'>;

export const DEFAULT_PASSWORD = 'une phrase de passe pour les essais';

/** A slug no other test (or run) uses. */
export const uniqueSlug = (prefix: string) => unique(prefix).replace(/\s+/g, '-');

/**
 * Deletes an event as an admin would (the store's one way, decision 029): its decisions stay in the moderation log,
 * with this deletion by no one (« Administrateur supprimé »). Read again if the server changed it meanwhile.
 */
async function deleteEvent(store: Store, id: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const event = await store.events.findById(id);
    if (!event) return;
    const entry = {
      adminUid: null,
      action: 'delete' as const,
      reason: 'Fin d’un test',
      createdAt: new Date().toISOString(),
    };
    if (await store.events.remove({ id, seen: event.updatedAt, entry })) return;
  }
  throw new Error(`Événement ${id} impossible à supprimer après le test`);
}

/**
 * With TEST_CLOCK (tests/support/test-clock.ts), a browser's clock starts from the instant the server's reads: a page
 * rendered by the server for another day than the browser's would be rendered again by React, and differently.
 */
async function sameClock(context: BrowserContext): Promise<void> {
  if (process.env.TEST_CLOCK) await context.clock.install({ time: Date.now() });
}

export const test = base.extend<Fixtures, { ports: Ports }>({
  // Every context, the test's own and those a test opens (a visitor beside the organizer), through the same door.
  browser: [
    async ({ browser }, use) => {
      const open = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await open(options);
        await sameClock(context);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  ports: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern.
    async ({}, use) => {
      // The same composition root as the server, built from the same environment (tests/support/e2e-backend.ts).
      const { getServices } = await import('../../app/.server/services');
      const services = getServices();
      const { store } = services;
      // Firestore: searches, lists and counts read the listeners' mirror, complete once they have their first snapshot.
      await (store as Store & { ready?: () => Promise<void> }).ready?.();
      await use({
        backend: e2eBackend(),
        store,
        identity: services.identity,
        files: services.files,
        config: services.config,
      });
      // Firestore: the store's listeners end before the client does (else: « All onSnapshot() listeners must be
      // unsubscribed… », an error of the worker's teardown).
      if (e2eBackend() === 'firestore') await store.close();
      await services.close();
      if (e2eBackend() === 'firestore') {
        const { deleteApp, getApps } = await import('firebase-admin/app');
        await Promise.all(getApps().map((app) => deleteApp(app)));
      }
    },
    { scope: 'worker' },
  ],

  // Users and events depend on createCategory: torn down before it, so a test's category is no longer in use then.
  trash: async ({ ports }, use) => {
    const trash: Trash = {
      events: new Set(),
      users: [],
      emails: new Set(),
      partners: new Set(),
      categories: new Set(),
    };
    await use(trash);
    const { store, identity } = ports;
    for (const id of trash.events) await deleteEvent(store, id);
    for (const email of trash.emails) {
      const registered = await store.users.findByEmailWithPassword(email);
      if (registered) trash.users.push(registered);
    }
    for (const user of trash.users) {
      for (const event of await store.events.listByOwner(user.uid)) await deleteEvent(store, event.id);
      await store.users.delete(user.uid);
      await identity.deleteAccount(user.uid);
    }
    for (const id of trash.partners) await store.partners.delete(id);
    for (const slug of trash.categories) await store.categories.delete(slug);
  },

  removeAfter: async ({ trash }, use) => {
    await use({
      event: (id) => trash.events.add(id),
      category: (slug) => trash.categories.add(slug),
      partner: (id) => trash.partners.add(id),
      account: (email) => trash.emails.add(email),
    });
  },

  createUser: async ({ ports, trash }, use) => {
    const { store, identity } = ports;
    const { newId } = await import('../../app/.server/platform/ids');
    await use(async ({ role = 'organizer', verified = true, ...options } = {}) => {
      const email = options.email ?? uniqueEmail(role === 'admin' ? 'admin' : 'organisateur');
      const password = options.password ?? DEFAULT_PASSWORD;
      const displayName = options.displayName ?? unique(role === 'admin' ? 'Admin' : 'Organisation');
      // As the server does: a verified account like the CLI and the demo seed make, an unverified one like register.
      const account = verified
        ? await identity.ensureAccount({ uid: newId(20), email, password, displayName })
        : await identity.createAccount({ email, password, displayName });
      if (!account) throw new Error(`Compte ${email} impossible à créer`);
      const profile = await store.users.upsert({
        uid: account.uid,
        email,
        displayName,
        role,
        passwordHash: account.passwordHash,
        emailVerified: verified,
        now: new Date().toISOString(),
      });
      const user = { ...profile, password };
      trash.users.push(user);
      return user;
    });
  },

  loginAs: async ({ ports, baseURL }, use) => {
    const { openSessionCookie } = await import('../../app/.server/platform/session');
    await use(async (page, user) => {
      // The identity provider's sign-in (Firebase: an ID token), then the session the login action would open.
      const signedIn = await ports.identity.checkPassword(user.email, user.password);
      if (!signedIn) throw new Error(`Connexion refusée pour ${user.email}`);
      const setCookie = await openSessionCookie(ports, signedIn, 'Playwright (connexion par cookie)');
      const pair = setCookie.split(';')[0];
      const at = pair.indexOf('=');
      await page.context().addCookies([{ name: pair.slice(0, at), value: pair.slice(at + 1), url: baseURL as string }]);
    });
  },

  signIn: async ({ page, createUser, loginAs }, use) => {
    await use(async (options) => {
      const user = await createUser(options);
      await loginAs(page, user);
      return user;
    });
  },

  pageAs: async ({ browser, loginAs }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (user, options) => {
      const context = await browser.newContext(options);
      opened.push(context);
      const page = await context.newPage();
      await loginAs(page, user);
      return page;
    });
    for (const context of opened) await context.close();
  },

  // The same instances as the three fixtures: the same accounts removed, the same page, the same pages closed.
  people: async ({ createUser, signIn, pageAs }, use) => {
    await use({ createUser, signIn, pageAs });
  },

  createEvent: async ({ ports, trash }, use) => {
    const { newId } = await import('../../app/.server/platform/ids');
    await use(async (overrides = {}) => {
      // A workshop: not among the categories whose counts the visitor tests compare with the pages (musique).
      const event = makeEvent({
        id: newId(),
        title: unique('Atelier de vannerie'),
        category: 'ateliers-cours',
        ...overrides,
      });
      await ports.store.events.insertMany([event]);
      trash.events.add(event.id);
      return event;
    });
  },

  createCategory: async ({ ports, trash }, use) => {
    await use(async (overrides = {}) => {
      const { order: _order, ...fields } = makeCategory({
        slug: uniqueSlug('categorie'),
        label: unique('Catégorie'),
        ...overrides,
      });
      const category = await ports.store.categories.create(fields);
      if (!category) throw new Error(`Catégorie ${fields.slug} impossible à créer`);
      trash.categories.add(category.slug);
      return category;
    });
  },

  createPartner: async ({ ports, trash }, use) => {
    const { newId } = await import('../../app/.server/platform/ids');
    await use(async (overrides = {}) => {
      const { order: _order, ...fields } = makePartner({ id: newId(), name: unique('Partenaire'), ...overrides });
      const partner = await ports.store.partners.create(fields);
      trash.partners.add(partner.id);
      return partner;
    });
  },
});
