// The server of Agenda romand: static files, security headers and the Remix app, in one or several processes. It takes
// the app's services from the server build (entry.server.tsx exports them), never from the app's source: each module
// of the app is loaded once per process (docs/decisions/033-racine-de-composition.md).
import cluster from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ServerBuild, ServerEntryModule } from '@remix-run/node';
import type { ErrorRequestHandler, Request, Response } from 'express';
import type { ExpressStaticGzipOptions } from 'express-static-gzip';
import type { ServerRuntime } from './app/.server/server/server-runtime';

// Production serves the built app; development builds it on the fly with Vite.
const isProduction = process.env.NODE_ENV === 'production';
// In production, a primary that only supervises never loads the app (server/primary.ts, issue 50): it never goes on
// past this line, its processes stop it with process.exit.
if (isProduction && cluster.isPrimary) {
  const { superviseWithoutApp } = await import('./app/.server/server/primary');
  if (await superviseWithoutApp()) await new Promise(() => {});
}
const viteDevServer = isProduction
  ? undefined
  : await import('vite').then((vite) => vite.createServer({ server: { middlewareMode: true } }));
const loadBuild = viteDevServer
  ? () => viteDevServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
  : undefined;
const productionBuild = loadBuild ? undefined : ((await import(path.resolve('build/server/index.js'))) as ServerBuild);

/** The runtime the build's entry exports (entry.server.tsx). */
function runtimeOf(build: ServerBuild): ServerRuntime {
  const entry: ServerEntryModule & { serverRuntime?: ServerRuntime } = build.entry.module;
  if (!entry.serverRuntime) throw new Error('Le build ne fournit pas serverRuntime (app/entry.server.tsx).');
  return entry.serverRuntime;
}

const firstBuild = productionBuild ?? (await (loadBuild as () => Promise<ServerBuild>)());
const runtime = runtimeOf(firstBuild);
const { audit, cspDirectives, isCrossSite, FORBIDDEN_ORIGIN, backgroundSettled } = runtime;
// Tokens in URLs (a query's `token`, a route's `$token` segment) never reach the logs.
const { redact: redactUrl } = runtime.secretUrls(firstBuild.routes);

/** A start that cannot go on says why in one French sentence (a full disk, a broken database…), not a stack trace. */
async function orStop<T>(step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    console.error(runtime.describeStartupFailure(error));
    // A first start that never served leaves no session secret behind (it would outlive a DATA_DIR never used).
    runtime.forgetCreatedSecrets();
    process.exit(1);
  }
}

const services = await orStop(() => runtime.getServices());
const { config } = services;
/** A refused request body is read and dropped up to this size (the largest form, an 8 MB image, fits); past it, the
 * connection is closed instead (docs/decisions/023-corps-refuses-lus-jusqu-au-bout.md). */
const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
/** Brotli 1 and gzip 1 on a 50 KB page: about 0.2 and 0.6 ms, against 1.5–2 ms at brotli 4, gzip 6 (the defaults). */
const DYNAMIC_COMPRESSION = { level: 1, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } } };
// Several processes may share the port in production (docs/decisions/020-plusieurs-processus.md); one by default, a
// second brought no throughput on 2 cores (issue 50).
const workerCount = config.WEB_CONCURRENCY ?? 1;
// In production the jobs run in a worker of their own, never in a process that accepts connections (decision 061).
const jobsWorker = isProduction && services.jobsInProcess;

if (cluster.isPrimary) {
  // Checks, the DATA_DIR lock, migrations, demo content, secrets, push keys and housekeeping happen once, before any
  // worker opens the store.
  const workerEnv = await orStop(() => runtime.prepare(services));
  if (workerCount > 1 || jobsWorker) {
    // The primary only supervises: it keeps no connection to the database while the workers run.
    await runtime.closeServices(services);
    runtime.superviseWorkers({
      web: workerCount,
      jobsWorker,
      env: workerEnv,
      onListening: () =>
        console.log(
          `Agenda romand à l’écoute sur ${runtime.listeningAt(config.SITE_URL, config.PORT)} (Node ${process.versions.node}, ${config.NODE_ENV}, ${workerCount} processus${jobsWorker ? ' et celui des tâches' : ''}, données : ${config.DATA_DIR})`,
        ),
      onStopped: () => runtime.finishServer(services),
    });
  } else {
    // One process serves (development, or WEB_CONCURRENCY=1 without jobs of its own).
    if (!isProduction) runtime.startJobsHere(services);
    await serve();
  }
} else if (process.env.AGENDA_ROLE === 'prepare') {
  // The data prepared for a primary that holds the DATA_DIR lock and does not load the app (server/primary.ts).
  const env = await orStop(() => runtime.prepare(services, { lockHeld: true }));
  await runtime.closeServices(services);
  // PREPARED in server/primary.ts, not imported here: its module loads in the primary only.
  process.send?.({ type: 'agenda:prepare', env }, () => process.exit(0));
} else if (process.env.AGENDA_ROLE === 'jobs') {
  runtime.runJobsWorker(services);
} else {
  // A worker whose primary is gone (crash, SIGKILL) stops instead of serving without supervision.
  process.on('disconnect', () => process.exit(0));
  await serve();
}

/** One process serving HTTP: security headers, static files, uploads, then the Remix app. */
async function serve() {
  // The HTTP packages, loaded by the processes that serve only (not the jobs' one, nor the one that prepares the data).
  const [{ default: compression }, { default: express }, { default: expressStaticGzip }, { default: helmet }] =
    await Promise.all([import('compression'), import('express'), import('express-static-gzip'), import('helmet')]);
  const { default: morgan } = await import('morgan');
  const app = express();
  app.disable('x-powered-by');
  if (config.TRUST_PROXY) app.set('trust proxy', config.TRUST_PROXY);
  // Set by SIGTERM (below). A request that comes on a connection already open is still answered, with
  // `Connection: close`, so that the client sends the next one elsewhere rather than to a server about to go (issue 68).
  let stopping = false;
  // The answers under way when the stop comes: each closes its connection once sent (below), or the client would send
  // its next request on it to a server on its way out, and have it served.
  const answering = new Set<Response>();
  app.use((_req, res, next) => {
    if (stopping) res.setHeader('Connection', 'close');
    else {
      answering.add(res);
      res.once('close', () => answering.delete(res));
    }
    next();
  });

  // A request answered before its body was read to its end (too large, wrong type, refused early) must not reset
  // the connection: the client, still sending, would get a reset instead of our answer, and a reused connection
  // would fail on the next request. The rest of the body is read and dropped (a "lingering close", as nginx does)
  // and the connection kept. Past DRAIN_MAX_BYTES it is not worth reading: such a body ends the connection.
  app.use((req, res, next) => {
    // Most requests (GET, HEAD) have no body: nothing to watch.
    if (!req.headers['content-length'] && !req.headers['transfer-encoding']) return next();
    const destroy = req.destroy;
    let draining = false;
    const dropRest = () => {
      if (draining || req.complete) return;
      draining = true;
      let dropped = 0;
      // Whoever read it first (Remix's body stream) has let go: its listeners would pause the request again.
      req.removeAllListeners('data');
      req.on('data', (chunk: Buffer) => {
        dropped += chunk.length;
        if (dropped > DRAIN_MAX_BYTES) destroy.call(req);
      });
      req.resume();
    };
    // Remix cancels the body stream a reader stopped reading, which would destroy the request and its socket.
    req.destroy = function (this: typeof req, error?: Error) {
      if (error || req.complete || req.socket.destroyed) return destroy.call(this, error);
      dropRest();
      return this;
    };
    res.on('finish', dropRest);
    if (Number(req.headers['content-length'] ?? 0) > DRAIN_MAX_BYTES) {
      const writeHead = res.writeHead;
      res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
        if (!req.complete) this.setHeader('Connection', 'close');
        return writeHead.apply(this, args);
      } as typeof writeHead;
    }
    next();
  });

  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        // Without the hashes of inline scripts: a rendered page sends its own policy (app/entry.server.tsx).
        directives: cspDirectives(config, services.firebase),
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: config.SECURE_COOKIES,
    }),
  );
  // The host of the request, decided once: Host, or SITE_URL's behind a trusted proxy (whose X-Forwarded-Host must name
  // it), a valid host or a French 400 (app/.server/server/request-host.ts). The page cache's key and every check
  // after this one compares Origin with that same host.
  app.use(runtime.hostSettler(config.SITE_URL));

  // Readiness is decided before the page cache and any route that reads the store: a damaged database answers /healthz
  // 503 with its reasons (app/.server/server/health.ts), and /livez goes on to its route past the cache, which
  // answers as long as this process can.
  app.use(runtime.probes(services));

  // The body limits of the routes (below, before Remix): the routes that take images say so in their module (`handle`);
  // in development, those of the first build.
  const bodyLimits = runtime.createBodyLimits(runtime.uploadPaths(firstBuild.routes));
  // The Remix app; a page kept in the cache is answered here already, encoded once and like a static file: before the
  // compression, the access log and any route code (issue 35).
  const remix = runtime.createRemixHandler({
    build: productionBuild ?? (loadBuild as () => Promise<ServerBuild>),
    mode: config.NODE_ENV,
    services,
    // In development, a module Vite reloaded brings its own services: take them from the build of this request.
    getLoadContext: async (req) => ({
      services: loadBuild ? runtimeOf(await loadBuild()).getServices() : services,
      clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
      socketIp: req.socket.remoteAddress ?? 'unknown',
      bodyLimit: bodyLimits.limitOf(req),
    }),
  });
  // The build's hashed files, from memory and before anything else reads the request (issue 35); a name not in the
  // build goes on to the static middleware below.
  if (!viteDevServer) app.use(runtime.immutableAssets('build/client/assets'));
  // The other public files too (/favicon.svg, /widget.js…), kept an hour and checked by their ETag (issue 50).
  if (!viteDevServer) app.use(runtime.publicFiles('build/client'));
  // A public page asked for as ActivityStreams goes to its object or actor, never to a kept page (decision 102).
  const federationPages = runtime.federationPages(services);
  if (federationPages) app.use(federationPages);
  app.use(remix.serveKept);

  // Server-Sent Events must reach the browser as they are written: never buffered for compression. What is compressed
  // here is made for one request: the fastest levels, a tenth of a render at most (the kept pages and the build's files
  // are compressed once, at a better level; bench/compression.ts, issue 50).
  app.use(
    compression({
      ...DYNAMIC_COMPRESSION,
      filter: (req, res) =>
        !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
    }),
  );

  // Mutating requests from another site are refused before they reach Remix (whose own check answers a bare 500).
  app.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const host = runtime.requestHost(req);
    if (!isCrossSite({ origin: req.get('Origin'), host, fetchSite: req.get('Sec-Fetch-Site') })) return next();
    audit('access.denied', { method: req.method, path: req.path, ip: req.ip, reason: 'origin' });
    res
      .status(403)
      .set('Cache-Control', 'no-store')
      .type('html')
      .send(
        `<!doctype html><html lang="fr-CH"><meta charset="utf-8"><title>Accès refusé · Agenda romand</title><main><h1>Accès refusé</h1><p>${FORBIDDEN_ORIGIN}</p><p><a href="/">Retour à l’accueil</a></p></main></html>`,
      );
  });

  // Uploaded images (re-encoded WebP under random names, see docs/decisions/007-images.md). `pending/` holds original
  // uploads awaiting a form resubmission, `review/` images no admin has approved yet (their owner and admins see them
  // at /apercu-image, decision 031): never served here, whatever the spelling of the path (%70ending, //review…).
  const uploadHeaders = (res: Response) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
  };
  // The preview of a review image (app/routes/apercu-image.$token.tsx) is an image too: the same CSP, not the pages'.
  app.use('/apercu-image', (_req, res, next) => {
    uploadHeaders(res);
    next();
  });
  app.use('/uploads', (req, res, next) => {
    let pathname: string;
    try {
      pathname = path.posix.normalize(decodeURIComponent(req.path));
    } catch {
      return next();
    }
    if (/^\/*(pending|review)(\/|$)/i.test(pathname)) return res.status(404).end();
    next();
  });
  if (services.uploadsDir) {
    app.use(
      '/uploads',
      express.static(services.uploadsDir, {
        immutable: true,
        maxAge: '1y',
        index: false,
        dotfiles: 'deny',
        fallthrough: false,
        setHeaders: uploadHeaders,
      }),
    );
  } else {
    // Firebase Storage: the browser never reads the bucket (storage.rules deny it); this server relays the re-encoded
    // images, cached for a year by browsers and any CDN in front (names are never reused).
    const { files } = services;
    app.get('/uploads/*', async (req, res, next) => {
      // req.path is the whole path here (/uploads/events/…): the key is what follows /uploads/.
      const key = decodeURIComponent(req.path.replace(/^\/+uploads\/+/, ''));
      if (!/^(events|partners)\/[a-z0-9]+-\d+\.webp$/.test(key)) return res.status(404).end();
      try {
        const bytes = await files.get(key);
        if (!bytes) return res.status(404).end();
        uploadHeaders(res);
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        res.type('image/webp').send(bytes);
      } catch (error) {
        next(error);
      }
    });
  }
  // fallthrough: false hands a missing file to the error path: answer its status without Express logging a stack.
  const uploadErrors: ErrorRequestHandler = (error: { status?: number }, _req, res, _next) => {
    res.status(error.status ?? 500).end();
  };
  app.use('/uploads', uploadErrors);

  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    // The browser's files were compressed at build time (scripts/precompress.mjs): a browser that takes brotli or gzip
    // gets the `.br` or `.gz` file as it is, and the compression middleware leaves an encoded answer alone.
    const precompressed = (root: string, serveStatic: ExpressStaticGzipOptions['serveStatic']) =>
      expressStaticGzip(root, { enableBrotli: true, orderPreference: ['br', 'gzip'], index: false, serveStatic });
    app.use('/assets', precompressed('build/client/assets', { immutable: true, maxAge: '1y', index: false }));
    // The other public files are known at start: only their paths reach the disk, so a page request costs no stat.
    const publicFiles = new Set(
      fs
        .readdirSync('build/client', { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
        .map(
          (entry) =>
            `/${path.relative('build/client', path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`,
        ),
    );
    const servePublic = precompressed('build/client', {
      maxAge: '1h',
      index: false,
      // The service worker and the manifest are checked again at each use: a new release reaches browsers at once.
      setHeaders: (res, served) => {
        const file = served.replace(/\.(br|gz)$/, '');
        if (/(firebase-messaging-sw\.js|manifest\.webmanifest)$/.test(file)) res.setHeader('Cache-Control', 'no-cache');
        // The embeddable agenda is loaded by other sites' pages (decision 047): readable from any origin, kept an hour.
        if (file.endsWith(`${path.sep}widget.js`)) {
          res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
          res.setHeader('Access-Control-Allow-Origin', '*');
          res.setHeader('Cache-Control', 'public, max-age=3600');
        }
      },
    });
    app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));
  }

  // Verification and reset links carry their token in the query string, alert links in their path, and pages after
  // them send it back as Referer: none reaches the access log.
  morgan.token('url', (req) => redactUrl((req as Request).originalUrl ?? req.url));
  morgan.token('referrer', (req) => {
    const referrer = req.headers.referer ?? req.headers.referrer?.toString();
    return referrer ? redactUrl(referrer) : undefined;
  });
  app.use(
    morgan(isProduction ? 'combined' : 'dev', {
      skip: (req) => req.url?.startsWith('/assets/') ?? false,
    }),
  );

  // Then the body's size, before anything reads it (and after the origin check): a request that announces more than its
  // route accepts is refused here, unread; the others are cut at the same limit as their bytes arrive, in the stream
  // Remix reads, and their form is read within it (app/.server/platform/request-body.ts, decision 024). The routes that
  // take images say so in their module (`handle`).
  // ActivityPub, when FEDERATION is on (decision 087): WebFinger, NodeInfo, actors, inboxes, with their own bound.
  const federation = runtime.federationHandler(services);
  if (federation) app.use(federation);

  app.use(bodyLimits.refuseOversized);

  app.all('*', remix.handle);

  // A path Express cannot decode (a lone `%`, a broken UTF-8 sequence) is the client's mistake: one line in the log,
  // a French 400, no stack trace. Any other error keeps Express's handling.
  const badPaths: ErrorRequestHandler = (error, req, res, next) => {
    if (!(error instanceof URIError) || res.headersSent) return next(error);
    console.warn(
      `[http] chemin mal encodé refusé : ${JSON.stringify(redactUrl(req.originalUrl ?? req.url).slice(0, 200))}`,
    );
    res
      .status(400)
      .set('Cache-Control', 'no-store')
      .type('html')
      .send(
        '<!doctype html><html lang="fr-CH"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>Adresse invalide · Agenda romand</title><main><h1>Adresse invalide</h1><p>Cette adresse contient un caractère mal encodé (un « &nbsp;%&nbsp; » isolé, par exemple). Vérifiez-la et réessayez.</p><p><a href="/">Retour à l’accueil</a></p></main></html>',
      );
  };
  app.use(badPaths);

  // A request's headers and body must arrive within their limits (HEADERS_TIMEOUT_SECONDS, REQUEST_TIMEOUT_SECONDS), or
  // the client gets a French 408 and the connection closes (app/.server/server/slow-requests.ts).
  const server = http.createServer(runtime.serverTimeouts(config), app);
  server.on('clientError', runtime.answerClientError);
  // Idle, the heap given back (app/.server/server/idle-collect.ts, decision 174).
  runtime.collectWhenIdle(server, globalThis.gc);
  server.listen(config.PORT, config.HOST, () => {
    if (cluster.isPrimary)
      console.log(
        `Agenda romand à l’écoute sur ${runtime.listeningAt(config.SITE_URL, config.PORT)} (Node ${process.versions.node}, ${config.NODE_ENV}, données : ${config.DATA_DIR})`,
      );
  });

  // Proxies and clients (Firebase Hosting, Cloud Run, nginx, fetch) keep idle connections open to reuse them: Node's
  // 5 s default closed them first, and a request sent on one just closed failed (reset, or 502 from a proxy). An idle
  // connection waits for keepAliveTimeout only; headersTimeout counts from a request's first byte.
  server.keepAliveTimeout = 65_000;

  // The signal may come twice to a worker: from its primary, and from whoever signalled the whole process group (systemd's
  // default, a `kill -- -PGID`). The second one must not kill it in the middle of its clean stop.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      // Work started after an answer finishes, then the database is checkpointed and closed (within the 3 s a stop is
      // given): a clean stop leaves the whole site in the database file.
      let closing: Promise<void> | null = null;
      const close = () => {
        closing ??= (cluster.isPrimary ? runtime.finishServer(services) : runtime.closeServices(services)).finally(() =>
          process.exit(0),
        );
        return closing;
      };
      server.close(() => backgroundSettled().then(close, close));
      // The connections kept open for a next request that has not come are closed now; the busy ones after their answer,
      // which says so when its headers are not sent yet.
      server.closeIdleConnections();
      for (const res of answering) {
        if (!res.headersSent) res.setHeader('Connection', 'close');
        else res.once('finish', () => res.socket?.end());
      }
      setTimeout(close, 3000).unref();
    });
  }
}
