// /admin/federation: ActivityPub (decisions 087, 088): who follows each actor, the deliveries waiting and those that
// failed, the blocked domains, the remote sources; follow a remote actor as a source, block or unblock a domain.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { categoryInfos } from '~/.server/categories/categories';
import {
  blockDomain,
  federationOverview,
  followRemoteSource,
  retryHostNow,
  unblockDomain,
  unfollowRemoteSource,
} from '~/.server/federation/admin';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { invalid, type ParsedForm, readForm, refused } from '~/.server/platform/refusal';
import { requireAdmin } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { AdminShell } from '~/components/AdminShell';
import { blockSchema, remoteSourceSchema } from '~/domain/federation-form';
import { pageMeta } from '~/domain/meta';
import { z } from '~/domain/zod';
import { DeliveriesSection } from './DeliveriesSection';
import { BlockForm, RemoteSourceForm } from './FederationForms';
import { ActorsTable, BlockedTable, SourcesTable } from './FederationTables';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const [overview, categories] = await Promise.all([
    federationOverview(context.services, admin),
    categoryInfos(context.services),
  ]);
  return { overview, categories: categories.filter((c) => c.active).map((c) => ({ slug: c.slug, label: c.label })) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const formData = await guardPost(request, context, { audience: 'signed-in' });
  const intent = String(formData.get('intent') ?? '');
  const flash = async (message: string) =>
    redirect('/admin/federation', {
      headers: { 'Set-Cookie': await setFlash(request, context.services, { kind: 'success', message }) },
    });
  // Which form the answer goes back to (not under `intent`: conform's reply has a field of that name, which wins).
  const extra = { answeredForm: intent };
  let submission: ParsedForm = readForm(formData, z.object({}));
  try {
    if (intent === 'follow') {
      const parsed = readForm(formData, remoteSourceSchema);
      if (parsed.status !== 'success') return invalid(parsed, { extra });
      submission = parsed;
      const source = await followRemoteSource(context.services, admin, parsed.value);
      return flash(
        `Demande d’abonnement envoyée à ${source.handle}\u00a0: ses événements arriveront dès qu’il l’accepte.`,
      );
    }
    if (intent === 'unfollow') {
      const source = await unfollowRemoteSource(context.services, admin, String(formData.get('source') ?? ''));
      return flash(`Vous ne suivez plus ${source.handle} (ses événements déjà reçus restent).`);
    }
    if (intent === 'block') {
      const parsed = readForm(formData, blockSchema);
      if (parsed.status !== 'success') return invalid(parsed, { extra });
      submission = parsed;
      const blocked = await blockDomain(context.services, admin, parsed.value);
      return flash(`Le domaine ${blocked.domain} est bloqué\u00a0: il ne reçoit plus rien et ne donne plus rien.`);
    }
    if (intent === 'unblock') {
      const domain = String(formData.get('domain') ?? '');
      await unblockDomain(context.services, admin, domain);
      return flash(`Le domaine ${domain} n’est plus bloqué.`);
    }
    if (intent === 'retry') {
      const { host, count } = await retryHostNow(context.services, admin, String(formData.get('host') ?? ''));
      return flash(
        count === 0
          ? `Plus rien n’attend pour ${host}.`
          : `${count} envoi${count > 1 ? 's' : ''} vers ${host} ${count > 1 ? 'partent' : 'part'} maintenant.`,
      );
    }
    throw new UseCaseError('Action inconnue\u00a0: rechargez la page et réessayez.');
  } catch (error) {
    return refused(submission, error, { extra });
  }
}

export default function AdminFederation() {
  const { overview, categories } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const answerOf = (intent: string) =>
    answer && 'answeredForm' in answer && answer.answeredForm === intent ? answer : null;
  if (!overview.enabled)
    return (
      <AdminShell
        title="Fédération"
        lead={'ActivityPub\u00a0: suivre l’agenda depuis Mastodon, échanger avec Gancio et Mobilizon.'}
      >
        <p>
          La fédération n’est pas activée sur ce site. L’exploitant l’active par le réglage <code>FEDERATION=on</code>{' '}
          (voir <code>docs/federation.md</code>).
        </p>
      </AdminShell>
    );
  return (
    <AdminShell
      title="Fédération"
      lead={'ActivityPub\u00a0: suivre l’agenda depuis Mastodon, échanger avec Gancio et Mobilizon.'}
    >
      <ActorsTable actors={overview.actors} />
      <DeliveriesSection queue={overview.queue} troubles={overview.troubles} />
      <section aria-labelledby="sources">
        <h2 id="sources">Sources suivies</h2>
        <SourcesTable sources={overview.sources} />
        <h3>Suivre un compte comme source</h3>
        <RemoteSourceForm
          categories={categories}
          answer={answerOf('follow')}
          done={overview.sources.map((s) => s.id).join(' ')}
        />
      </section>
      <section aria-labelledby="blocked">
        <h2 id="blocked">Domaines bloqués</h2>
        <BlockedTable blocked={overview.blocked} />
        <BlockForm answer={answerOf('block')} done={overview.blocked.map((b) => b.domain).join(' ')} />
      </section>
    </AdminShell>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Fédération',
    description: 'Fédération ActivityPub — Agenda romand.',
    path: '/admin/federation',
    matches,
  });
