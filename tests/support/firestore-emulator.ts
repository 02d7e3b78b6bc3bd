// Firestore for tests: the official emulator when FIRESTORE_EMULATOR_HOST is set, otherwise the in-process one
// (@firestore-emulator/server) on a free loopback port. Each test gets its own project id, hence its own data.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { FirestoreServer } from '@firestore-emulator/server';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';

// The emulator's own copy of grpc-js: its Server only accepts credentials from that copy.
const emulatorRequire = createRequire(createRequire(import.meta.url).resolve('@firestore-emulator/server'));
const { ServerCredentials } = emulatorRequire('@grpc/grpc-js') as typeof import('@grpc/grpc-js');

interface Bindable {
  bindAsync(address: string, credentials: unknown, callback: (error: Error | null, port: number) => void): void;
  forceShutdown(): void;
}

interface EmulatorState {
  toJSON(): {
    projects: Record<string, { databases: Record<string, { collections: Record<string, { documents: object }> }> }>;
  };
}

/**
 * The settings of one instance of the site on Firestore, with its own DATA_DIR as each process has in production, on
 * the project `projectId`; `more` adds or overrides some (the emulator's address, the site's).
 */
export function firestoreInstanceEnv(projectId: string, more: Record<string, string> = {}): Record<string, string> {
  return {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-instance-')),
    DATA_BACKEND: 'firestore',
    FIREBASE_PROJECT_ID: projectId,
    FIREBASE_API_KEY: 'AIza-test',
    FIREBASE_STORAGE_BUCKET: `${projectId}.firebasestorage.app`,
    SESSION_SECRET: 's'.repeat(32),
    NODE_ENV: 'test',
    ...more,
  };
}

/** The in-process emulator of this test process, when it runs one. */
let inProcess: { state: EmulatorState } | null = null;

/**
 * Document reads per project, as Firestore bills them (issue 35): a document returned by a get or a query (a query
 * that finds none: one), a document sent to a listener, and for an aggregation (count(), sum()) one per 1,000 index
 * entries it went through, at least one. Counted in the in-process emulator, whatever client asked.
 */
const readsByProject = new Map<string, number>();

/** The reads counted so far for this client's project (in-process emulator only). */
export function firestoreReads(db: Firestore): number {
  return readsByProject.get(projects.get(db) ?? '') ?? 0;
}

/** Of those, the documents sent to listeners (a listen stream the client resumed sends its whole query again). */
const listenReadsByProject = new Map<string, number>();

/** The documents sent to this client's project's listeners so far (in-process emulator only). */
export function firestoreListenReads(db: Firestore): number {
  return listenReadsByProject.get(projects.get(db) ?? '') ?? 0;
}

interface Call {
  request: Record<string, unknown> & { parent?: string; database?: string };
  write(message: unknown): unknown;
  end(): unknown;
  on(event: 'data', listener: (request: { database?: string }) => void): unknown;
}
interface Handlers {
  handlers: Map<string, { func: (call: Call) => void }>;
}

function countReadsOf(emulator: FirestoreServer) {
  const handlers = (emulator as unknown as { server: Handlers }).server.handlers;
  const state = emulator.state as unknown as { v1Query(parent: string, query: unknown): unknown[] };
  const projectOf = (name = '') => /^projects\/([^/]+)/.exec(name)?.[1] ?? '';
  const add = (project: string, n: number) => readsByProject.set(project, (readsByProject.get(project) ?? 0) + n);
  const wrap = (method: string, around: (call: Call, original: (call: Call) => void) => void) => {
    const handler = handlers.get(`/google.firestore.v1.Firestore/${method}`);
    if (!handler) throw new Error(`Méthode ${method} absente de l’émulateur`);
    const original = handler.func;
    handler.func = (call) => around(call, original);
  };
  wrap('BatchGetDocuments', (call, original) => {
    add(projectOf(call.request.database), (call.request.documents as unknown[]).length);
    original(call);
  });
  wrap('RunQuery', (call, original) => {
    let found = 0;
    const write = call.write.bind(call);
    call.write = (message) => {
      if ((message as { has_document?: boolean }).has_document) found += 1;
      return write(message);
    };
    original(call);
    add(projectOf(call.request.parent), Math.max(1, found));
  });
  wrap('RunAggregationQuery', (call, original) => {
    const aggregation = call.request.structured_aggregation_query as { structured_query: unknown };
    const entries = state.v1Query(call.request.parent as string, aggregation.structured_query).length;
    add(projectOf(call.request.parent), Math.max(1, Math.ceil(entries / 1000)));
    original(call);
  });
  wrap('Listen', (call, original) => {
    let project = '';
    call.on('data', (request) => {
      project ||= projectOf(request.database);
    });
    const write = call.write.bind(call);
    call.write = (message) => {
      if ((message as { has_document_change?: boolean }).has_document_change) {
        add(project, 1);
        listenReadsByProject.set(project, (listenReadsByProject.get(project) ?? 0) + 1);
      }
      return write(message);
    };
    original(call);
  });
}

type DocumentEvent = { document: { parent: { getPath(): string } } };
interface ListenState {
  emitter: {
    on(name: string, listener: (event: DocumentEvent) => void): unknown;
    off(name: string, listener: (event: DocumentEvent) => void): unknown;
    setMaxListeners(n: number): void;
  };
  v1Listen(listen: ListenRequestShape, callback: unknown, onEnd: unknown): unknown;
}
interface ListenRequestShape {
  has_add_target?: boolean;
  add_target?: {
    has_query?: boolean;
    query?: { parent: string; structured_query: { from: { collection_id?: string }[] } };
  };
}

/**
 * The in-process emulator answers a query listener after every document written anywhere, in any project, by running
 * the query again and sending every document it finds; a commit of five documents does it five times. Firestore only
 * tells a listener about a change to what its query reads, once per commit. Each listener is woken here only by a
 * document of its own collection, and once for the documents of one commit: with the site's three listeners per
 * process, this was most of the processor of the Firestore tests.
 */
function listenersOfTheirCollection(state: ListenState) {
  const { emitter } = state;
  const on = emitter.on.bind(emitter);
  const off = emitter.off.bind(emitter);
  const scoped = new WeakMap<object, (event: DocumentEvent) => void>();
  const ended = new WeakSet<object>();
  let registering: string | null = null;
  emitter.on = (name, listener) => {
    if (registering === null || !name.endsWith('-document')) return on(name, listener);
    let wrapper = scoped.get(listener);
    if (!wrapper) {
      const collection = registering;
      let pending = false;
      wrapper = (event) => {
        if (pending || event.document.parent.getPath() !== collection) return;
        pending = true;
        // The listener reads the collection after this: every document written in the meantime is in what it sends.
        setImmediate(() => {
          pending = false;
          if (!ended.has(listener)) listener(event);
        });
      };
      scoped.set(listener, wrapper);
    }
    return on(name, wrapper);
  };
  emitter.off = (name, listener) => {
    // Its stream has ended: a wake-up already scheduled does not write to it.
    ended.add(listener);
    return off(name, scoped.get(listener) ?? listener);
  };
  const v1Listen = state.v1Listen.bind(state);
  state.v1Listen = (listen, callback, onEnd) => {
    const query = listen.has_add_target && listen.add_target?.has_query ? listen.add_target.query : undefined;
    const collectionId = query?.structured_query.from[0]?.collection_id;
    // The package registers its listener while this call runs (and only then).
    registering = query && collectionId ? `${query.parent}/${collectionId}` : null;
    try {
      return v1Listen(listen, callback, onEnd);
    } finally {
      registering = null;
    }
  };
}

/** Starts the in-process emulator on 127.0.0.1 (a free port unless one is given). */
export async function startInProcessFirestore(port = 0): Promise<{ host: string; stop: () => void }> {
  const emulator = new FirestoreServer();
  countReadsOf(emulator);
  listenersOfTheirCollection(emulator.state as unknown as ListenState);
  inProcess = emulator as unknown as { state: EmulatorState };
  // One listener per open query of every client (a server and the end-to-end workers keep several): not a leak.
  (emulator as unknown as { state: { emitter: { setMaxListeners(n: number): void } } }).state.emitter.setMaxListeners(
    0,
  );
  // The package's start() listens on every interface; bind its gRPC server to loopback only.
  const server = (emulator as unknown as { server: Bindable }).server;
  const bound = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${port}`, ServerCredentials.createInsecure(), (error, p) =>
      error ? reject(error) : resolve(p),
    ),
  );
  return { host: `127.0.0.1:${bound}`, stop: () => server.forceShutdown() };
}

let started: Promise<{ host: string; official: boolean; stop: () => void }> | null = null;

/** The emulator this test process uses (started once); sets FIRESTORE_EMULATOR_HOST for firebase-admin. */
export function testFirestoreHost() {
  started ??= (async () => {
    const official = process.env.FIRESTORE_EMULATOR_HOST;
    if (official) return { host: official, official: true, stop: () => {} };
    const emulator = await startInProcessFirestore();
    process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
    return { ...emulator, official: false };
  })();
  return started;
}

let counter = 0;

/** A Firestore client on a project of its own (demo-… ids never reach Google). */
export async function freshFirestore(label = 'test'): Promise<{ db: Firestore; dispose: () => Promise<void> }> {
  await testFirestoreHost();
  counter += 1;
  const projectId = `demo-${label}-${process.pid}-${counter}-${Date.now().toString(36)}`;
  const app = initializeApp({ projectId }, projectId);
  const db = getFirestore(app);
  db.settings({ ignoreUndefinedProperties: true });
  projects.set(db, projectId);
  return { db, dispose: () => deleteApp(app) };
}

const projects = new WeakMap<Firestore, string>();

/**
 * The root collections that hold documents. The in-process emulator does not answer ListCollectionIds: its state is
 * read instead; the official one is asked.
 */
export async function collectionIds(db: Firestore): Promise<string[]> {
  const { official } = await testFirestoreHost();
  if (official || !inProcess) return (await db.listCollections()).map((c) => c.id).sort();
  const project = inProcess.state.toJSON().projects[projects.get(db) ?? ''];
  const collections = Object.values(project?.databases ?? {})[0]?.collections ?? {};
  return Object.entries(collections)
    .filter(([, c]) => Object.keys(c.documents).length > 0)
    .map(([id]) => id)
    .sort();
}
