// Health check for operators and load balancers: a minimal page that still goes through the store.
// It is also the framework's ceiling in bench/ (same root layout, almost no work of its own).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { healthCheck } from '~/.server/platform/health';

export async function loader({ context }: LoaderFunctionArgs) {
  return healthCheck(context.services);
}

// Always the state of now: never from a cache (app/.server/platform/http-cache.ts).
export const headers = () => ({ 'Cache-Control': 'no-store' });

export default function HealthPage() {
  const { ok } = useLoaderData<typeof loader>();
  return <p className="page">{ok ? 'Service opérationnel.' : 'Base de données vide.'}</p>;
}

export const meta: MetaFunction = () => [
  { title: 'État du service · Agenda romand' },
  { name: 'robots', content: 'noindex' },
];
