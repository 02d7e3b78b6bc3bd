// Every loader and action of the build, answering a storage failure (decision 062) with a French 503 instead of
// Remix's bare 500: for a form, with what the visitor typed (kept by the POST guard), so that it can be sent again
// as is; for a route without a page, as JSON. Wrapped once here rather than in each route.
import { data, type ServerBuild } from '@remix-run/node';
import { keptInput } from '~/domain/kept-input';
import { asStorageUnavailable, submittedForm } from '../platform/storage-failure';
import { notePageStorageFailure } from './health';

type Handler = (args: { request: Request }) => unknown;

const NO_STORE = { 'Cache-Control': 'no-store', 'Retry-After': '60' };

function answering(handler: Handler, hasPage: boolean, isAction: boolean): Handler {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      const unavailable = asStorageUnavailable(error);
      if (!unavailable) throw error;
      // /healthz says what visitors get (health.ts).
      notePageStorageFailure(unavailable.reason, unavailable.cause);
      const cause = unavailable.cause instanceof Error ? ` (${unavailable.cause.message})` : '';
      console.error(
        `[stockage] ${args.request.method} ${new URL(args.request.url).pathname} : ${unavailable.reason}${cause}`,
      );
      const message = unavailable.message;
      // A thrown data() reaches a page's error boundary; a route without a page answers JSON (refusal.ts).
      if (!hasPage) throw Response.json({ message }, { status: 503, headers: NO_STORE });
      throw data(
        { message, kept: isAction ? keptInput(submittedForm(args.request)) : null },
        { status: 503, headers: NO_STORE },
      );
    }
  };
}

const wrapped = new WeakMap<ServerBuild, ServerBuild>();

export function answeringStorageFailures(build: ServerBuild): ServerBuild {
  const known = wrapped.get(build);
  if (known) return known;
  const routes: ServerBuild['routes'] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const module = { ...route.module };
    const hasPage = typeof module.default === 'function';
    if (module.loader) module.loader = answering(module.loader as Handler, hasPage, false) as typeof module.loader;
    if (module.action) module.action = answering(module.action as Handler, hasPage, true) as typeof module.action;
    routes[id] = { ...route, module };
  }
  const result = { ...build, routes };
  wrapped.set(build, result);
  return result;
}
