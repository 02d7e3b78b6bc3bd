// The one process that serves Agenda romand: static files, security headers and the Remix app.
import crypto from 'node:crypto';
import path from 'node:path';
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import morgan from 'morgan';
import { getConfig } from './app/.server/config';
import { getFileStore } from './app/.server/files/disk';
import { FORBIDDEN_ORIGIN, isCrossSite } from './app/.server/security';
import { prepareStore, schedulePendingImageCleanup } from './app/.server/startup';

const config = getConfig();
const isProduction = config.NODE_ENV === 'production';

await prepareStore();
schedulePendingImageCleanup();

const viteDevServer = isProduction
  ? undefined
  : await import('vite').then((vite) => vite.createServer({ server: { middlewareMode: true } }));

const app = express();
app.disable('x-powered-by');
if (config.TRUST_PROXY) app.set('trust proxy', config.TRUST_PROXY);

app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString('base64');
  next();
});

// Map tiles may come from another host (OpenStreetMap by default, swisstopo possible): allow that origin only.
const tileOrigin = config.MAP_TILE_URL.startsWith('/')
  ? "'self'"
  : new URL(config.MAP_TILE_URL.replace(/\{[a-z]\}/g, 'a')).origin;
const stripeCheckoutOrigins = config.STRIPE_SECRET_KEY
  ? ['https://checkout.stripe.com', ...(config.STRIPE_API_URL ? [new URL(config.STRIPE_API_URL).origin] : [])]
  : [];
// Google sign-in (Firebase): the popup's scripts and frame, and the Auth API the web SDK calls.
const firebaseOrigins = (() => {
  if (config.DATA_BACKEND !== 'firestore') return { connect: [], frame: [], script: [] };
  const authDomain = config.FIREBASE_AUTH_DOMAIN ?? `${config.FIREBASE_PROJECT_ID}.firebaseapp.com`;
  const emulator = config.FIREBASE_AUTH_EMULATOR_HOST ? [`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`] : [];
  return {
    connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', ...emulator],
    frame: [`https://${authDomain}`, ...emulator],
    script: ['https://apis.google.com'],
  };
})();
app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': isProduction
          ? [
              "'self'",
              (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
              "'strict-dynamic'",
              ...firebaseOrigins.script,
            ]
          : ["'self'", "'unsafe-inline'", "'unsafe-eval'", ...firebaseOrigins.script],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', tileOrigin],
        'font-src': ["'self'"],
        'connect-src': [...(isProduction ? ["'self'"] : ["'self'", 'ws:']), ...firebaseOrigins.connect],
        'frame-src': ["'self'", ...firebaseOrigins.frame],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'frame-ancestors': ["'none'"],
        // Without JavaScript, the card/TWINT form's answer redirects to Stripe's payment page: allow that target.
        'form-action': ["'self'", ...stripeCheckoutOrigins],
        'manifest-src': ["'self'"],
        'worker-src': ["'self'"],
        'upgrade-insecure-requests': config.SECURE_COOKIES ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.SECURE_COOKIES,
  }),
);
// Server-Sent Events must reach the browser as they are written: never buffered for compression.
app.use(
  compression({
    filter: (req, res) =>
      !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
  }),
);

// Mutating requests from another site are refused before they reach Remix (whose own check answers a bare 500).
app.use((req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
  const host =
    (req.get('X-Forwarded-Host') && app.get('trust proxy') ? req.get('X-Forwarded-Host') : req.get('Host')) ?? '';
  if (!isCrossSite({ origin: req.get('Origin'), host, fetchSite: req.get('Sec-Fetch-Site') })) return next();
  res
    .status(403)
    .type('html')
    .send(
      `<!doctype html><html lang="fr-CH"><meta charset="utf-8"><title>Accès refusé · Agenda romand</title><main><h1>Accès refusé</h1><p>${FORBIDDEN_ORIGIN}</p><p><a href="/">Retour à l’accueil</a></p></main></html>`,
    );
});

// Uploaded images (re-encoded WebP under random names, see docs/decisions/007-images.md). `pending/` holds original
// uploads awaiting a form resubmission: never served, whatever the spelling of the path (%70ending, //pending…).
const uploadHeaders = (res: express.Response) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
};
app.use('/uploads', (req, res, next) => {
  let pathname: string;
  try {
    pathname = path.posix.normalize(decodeURIComponent(req.path));
  } catch {
    return next();
  }
  if (/^\/*pending(\/|$)/i.test(pathname)) return res.status(404).end();
  next();
});
if (config.DATA_BACKEND === 'sqlite') {
  app.use(
    '/uploads',
    express.static(path.join(config.DATA_DIR, 'uploads'), {
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
  const files = getFileStore();
  app.get('/uploads/*', async (req, res, next) => {
    const key = decodeURIComponent(req.path.replace(/^\/+/, ''));
    if (!/^[a-z]+\/[a-z0-9]+-\d+\.webp$/.test(key)) return res.status(404).end();
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
const uploadErrors: express.ErrorRequestHandler = (error: { status?: number }, _req, res, _next) => {
  res.status(error.status ?? 500).end();
};
app.use('/uploads', uploadErrors);

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }));
  app.use(express.static('build/client', { maxAge: '1h' }));
}

app.use(
  morgan(isProduction ? 'combined' : 'dev', {
    skip: (req) => req.url?.startsWith('/assets/') ?? false,
  }),
);

const build = viteDevServer
  ? () => viteDevServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
  : ((await import(path.resolve('build/server/index.js'))) as ServerBuild);

app.all(
  '*',
  createRequestHandler({
    build,
    mode: config.NODE_ENV,
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce as string,
      clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    }),
  }),
);

const server = app.listen(config.PORT, config.HOST, () => {
  console.log(
    `Agenda romand à l'écoute sur http://localhost:${config.PORT} (${config.NODE_ENV}, données: ${config.DATA_DIR})`,
  );
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  });
}
