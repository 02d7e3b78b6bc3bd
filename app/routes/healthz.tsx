// /healthz, readiness (decision 062): 200 when the site can serve, 503 with the reasons when it cannot (the store read
// and written as a request would, room on the disk). Load balancers and the tests' servers wait on it. A page of the
// root layout: it is also the framework's ceiling in bench/ (almost no work of its own). Liveness alone: /livez.
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { readiness } from '~/.server/server/health';

export async function loader({ context }: LoaderFunctionArgs) {
  const state = await readiness(context.services);
  return data(state, { status: state.ok ? 200 : 503 });
}

// Always the state of now: never from a cache (app/.server/server/http-cache.ts).
export const headers = () => ({ 'Cache-Control': 'no-store' });

export default function HealthPage() {
  const { ok, problems } = useLoaderData<typeof loader>();
  if (ok) return <p className="page">Service opérationnel.</p>;
  return (
    <div className="page">
      <h1>Service indisponible</h1>
      <ul>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

export const meta: MetaFunction = () => [
  { title: 'État du service · Agenda romand' },
  { name: 'robots', content: 'noindex' },
];
