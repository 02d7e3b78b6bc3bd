// The HTTP side of the public API: JSON and problem+json answers, open CORS for reads, a per-IP allowance. Caching is
// the app's one policy (server/http-cache.ts): an anonymous 200 gets ETag, 304 and s-maxage like any public page.
import { RateLimiterRes } from 'rate-limiter-flexible';
import { ApiProblem } from '../api/events';
import { createLimiter, type Limiter } from '../platform/limiter';

export const API_CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': 'If-None-Match',
  'Access-Control-Expose-Headers': 'ETag, Retry-After',
  'Access-Control-Max-Age': '86400',
  // Other sites' pages may read these answers (the widget, partners' own code).
  'Cross-Origin-Resource-Policy': 'cross-origin',
} as const;

export function apiJson(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...API_CORS_HEADERS },
  });
}

export function apiProblem(problem: ApiProblem, extra: Record<string, string> = {}): Response {
  const body = {
    type: 'about:blank',
    title: problem.title,
    status: problem.status,
    detail: problem.detail,
    ...problem.extensions,
  };
  return new Response(JSON.stringify(body), {
    status: problem.status,
    headers: { 'Content-Type': 'application/problem+json; charset=utf-8', ...API_CORS_HEADERS, ...extra },
  });
}

/** The answer to a preflight (OPTIONS), and to any other method: refused. */
export function apiOptions(request: Request): Response {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: API_CORS_HEADERS });
  return apiProblem(new ApiProblem(405, 'Méthode non permise', 'L’API est en lecture seule : GET, HEAD ou OPTIONS.'), {
    Allow: 'GET, HEAD, OPTIONS',
  });
}

let limiter: Limiter | null = null;
let limiterPoints = 0;

/** Requests per minute and IP address (API_RATE_PER_MINUTE); null while within, else the 429 to send. */
export async function apiRateLimit(clientIp: string, perMinute: number): Promise<Response | null> {
  if (!limiter || limiterPoints !== perMinute) {
    limiter = createLimiter({ points: perMinute, duration: 60, keyPrefix: 'api-v1', requestsOnly: true });
    limiterPoints = perMinute;
  }
  try {
    await limiter.consume(clientIp);
    return null;
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const seconds = String(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
    return apiProblem(
      new ApiProblem(429, 'Trop de requêtes', `Trop de requêtes depuis cette adresse : réessayez dans ${seconds} s.`),
      { 'Retry-After': seconds, 'Cache-Control': 'no-store' },
    );
  }
}

/** Runs a read of the API: a preflight answered, the allowance, then the answer, a refusal turned into problem+json. */
export async function apiRead(
  request: Request,
  context: { clientIp: string; services: { config: { API_RATE_PER_MINUTE: number } } },
  read: () => Promise<unknown>,
): Promise<Response> {
  // Remix hands OPTIONS to the loader (only POST, PUT, PATCH and DELETE go to the action).
  if (request.method === 'OPTIONS') return apiOptions(request);
  const limited = await apiRateLimit(context.clientIp, context.services.config.API_RATE_PER_MINUTE);
  if (limited) return limited;
  try {
    return apiJson(await read());
  } catch (error) {
    if (error instanceof ApiProblem) return apiProblem(error);
    console.error('[api] lecture impossible', error);
    return apiProblem(new ApiProblem(500, 'Erreur du serveur', 'Une erreur est survenue : réessayez plus tard.'));
  }
}
