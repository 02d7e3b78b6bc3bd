// POST /taches/:name: Cloud Scheduler (or any cron) runs one scheduled job (decision 051). Server to server, so no
// session and no CSRF token: the bearer token JOBS_TOKEN is what proves the caller. Without that setting the route
// does not exist (404), and a wrong token is told nothing more than 401. The job runs where the installation runs its
// jobs (its jobs worker on the default install, decision 061), never in the process that answers.
import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { findJob } from '~/.server/jobs';
import { hasJobsToken } from '~/.server/server/jobs';

const json = (body: unknown, status: number) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

// Nothing to see by GET, like every POST-only address of the site.
export async function loader() {
  return redirect('/');
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { services } = context;
  if (!services.config.JOBS_TOKEN) return json({ error: 'Introuvable.' }, 404);
  if (request.method !== 'POST') return json({ error: 'Méthode non autorisée : utilisez POST.' }, 405);
  if (!hasJobsToken(services.config, request.headers.get('Authorization'))) {
    return json({ error: 'Jeton manquant ou invalide.' }, 401);
  }
  const job = findJob(params.name ?? '');
  if (!job) return json({ error: 'Tâche inconnue.' }, 404);
  // `?maintenant=<ISO>`: the run as at that instant (replaying a missed morning; the end-to-end tests' clock).
  const at = new URL(request.url).searchParams.get('maintenant');
  const now = at ? new Date(at) : new Date();
  if (Number.isNaN(now.getTime())) return json({ error: 'Paramètre « maintenant » invalide (ISO 8601).' }, 400);
  const started = Date.now();
  try {
    const summary = await services.jobs.run(job, now);
    return json({ job: job.name, summary, ms: Date.now() - started }, 200);
  } catch (error) {
    console.error(`[tâche ${job.name}] en échec`, error);
    return json({ job: job.name, error: 'La tâche a échoué : voir le journal du serveur.' }, 503);
  }
}
