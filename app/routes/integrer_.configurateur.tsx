// /integrer/configurateur: a partner chooses what to show, sees it, and copies the snippet for their site — the web
// component (one script) or the iframe (for sites that forbid scripts). Without JavaScript the form is a GET that
// answers the preview and the snippets; with it, « Copier » puts a snippet on the clipboard (decision 047).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { categoryInfos } from '~/.server/categories/categories';
import { ChoiceSelect } from '~/components/form/ChoiceSelect';
import { CANTON_CHOICES, categoryChoices } from '~/components/form/choices';
import { isCantonCode } from '~/domain/cantons';
import { DEFAULT_RADIUS, parseNear, RADIUS_OPTIONS } from '~/domain/distance';
import { EMBED_HEIGHT_MESSAGE, EMBED_MAX, embedFrameHeight, embedHostScript } from '~/domain/embed';
import { pageMeta } from '~/domain/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const given = new URL(request.url).searchParams;
  const categories = (await categoryInfos(context.services)).filter((c) => c.active);
  const category = categories.find((c) => c.slug === given.get('categorie'))?.slug ?? '';
  const canton = given.get('canton') ?? '';
  const limit = Number.parseInt(given.get('limite') ?? '5', 10);
  const search = (given.get('recherche') ?? '')
    .replace(/["<>&]/g, '')
    .trim()
    .slice(0, 100);
  // Around a locality of the list (issue 47): an unknown one is left out of the snippet.
  const near = parseNear(
    new URLSearchParams({ autour: given.get('autour') ?? '', rayon: given.get('rayon') ?? '' }),
  ).near;
  return {
    siteUrl: context.services.config.SITE_URL,
    categories: categories.map(({ slug, label }) => ({ slug, label })),
    choice: {
      categorie: category,
      canton: isCantonCode(canton) ? canton : '',
      recherche: search,
      autour: near?.place ?? '',
      rayon: near ? String(near.radius) : '',
      limite: Number.isFinite(limit) ? Math.min(Math.max(limit, 1), EMBED_MAX) : 5,
    },
  };
}

function Snippet({ id, label, code }: { id: string; label: string; code: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} readOnly rows={3} value={code} data-testid={id} />
      {hydrated ? (
        <button
          type="button"
          className="button"
          onClick={() => navigator.clipboard.writeText(code).then(() => setCopied(true))}
        >
          {copied ? 'Copié' : 'Copier'}
        </button>
      ) : null}
    </div>
  );
}

/** The preview: the frame itself, sized by the height its page says, as the snippet sizes it on a partner's site. */
function PreviewFrame({ src, height }: { src: string; height: number }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [fitted, setFitted] = useState<number | null>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (event.data?.type === EMBED_HEIGHT_MESSAGE && Number.isFinite(event.data.hauteur))
        setFitted(Math.ceil(event.data.hauteur));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return (
    <iframe
      ref={frame}
      src={src}
      title="Aperçu de l’agenda intégré"
      width="100%"
      height={fitted ?? height}
      className="embed-preview"
      data-testid="embed-preview"
    />
  );
}

export default function EmbedConfigurator() {
  const { siteUrl, categories, choice } = useLoaderData<typeof loader>();
  const attributes = [
    choice.categorie ? ` categorie="${choice.categorie}"` : '',
    choice.canton ? ` canton="${choice.canton}"` : '',
    choice.recherche ? ` recherche="${choice.recherche}"` : '',
    choice.autour ? ` autour="${choice.autour}" rayon="${choice.rayon}"` : '',
    ` limite="${choice.limite}"`,
  ].join('');
  const query = new URLSearchParams(
    Object.entries(choice).filter(([, value]) => value !== '') as [string, string][],
  ).toString();
  const component = `<script src="${siteUrl}/widget.js" defer></script>\n<agenda-romand${attributes}></agenda-romand>`;
  // The frame says its height to the page (decision 065): with the few lines under it, it fits its events exactly.
  const iframe = `<iframe src="${siteUrl}/integrer?${query}" title="Agenda romand" width="100%" height="${embedFrameHeight(choice.limite)}" loading="lazy" style="border:0" data-agenda-romand></iframe>\n${embedHostScript(siteUrl)}`;
  return (
    <div className="page page--prose">
      <header className="page-header">
        <h1>Intégrer l’agenda sur votre site</h1>
        <p className="lead">
          Vos événements, ceux de votre commune ou de votre région, à jour sur votre site : choisissez la sélection,
          regardez l’aperçu, puis copiez le code. Rien à installer, aucun cookie.
        </p>
      </header>
      <Form method="get" className="admin-toolbar">
        <ChoiceSelect
          id="embed-category"
          name="categorie"
          label="Catégorie"
          all="Toutes"
          choices={categoryChoices(categories)}
          defaultValue={choice.categorie}
        />
        <ChoiceSelect
          id="embed-canton"
          name="canton"
          label="Canton"
          all="Toute la Romandie"
          choices={CANTON_CHOICES}
          defaultValue={choice.canton}
        />
        <div className="field">
          <label htmlFor="embed-search">Texte recherché (facultatif, p. ex. le nom de votre lieu)</label>
          <input id="embed-search" name="recherche" type="search" maxLength={100} defaultValue={choice.recherche} />
        </div>
        <div className="field">
          <label htmlFor="embed-around">Autour de (localité, facultatif)</label>
          <input id="embed-around" name="autour" maxLength={100} defaultValue={choice.autour} />
        </div>
        <div className="field">
          <label htmlFor="embed-radius">Rayon</label>
          <select id="embed-radius" name="rayon" defaultValue={choice.rayon || String(DEFAULT_RADIUS)}>
            {RADIUS_OPTIONS.map((radius) => (
              <option key={radius} value={radius}>{`${radius}\u00a0km`}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="embed-limit">Nombre d’événements</label>
          <input id="embed-limit" name="limite" type="number" min={1} max={EMBED_MAX} defaultValue={choice.limite} />
        </div>
        <button type="submit" className="button button--primary">
          Voir l’aperçu et le code
        </button>
      </Form>
      <h2>Aperçu</h2>
      <PreviewFrame src={`/integrer?${query}`} height={embedFrameHeight(choice.limite)} />
      <h2>Le code à coller</h2>
      <Snippet
        id="snippet-component"
        label="Composant web (recommandé : suit la police de votre site)"
        code={component}
      />
      <Snippet id="snippet-iframe" label="Cadre (iframe), pour les sites qui n’acceptent pas de script" code={iframe} />
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Intégrer l’agenda sur votre site',
    description: 'Choisissez les événements à montrer, voyez l’aperçu et copiez le code à coller dans votre site.',
    path: '/integrer/configurateur',
    matches,
  });
