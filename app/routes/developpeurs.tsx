// /developpeurs: the public API explained in French, with examples (curl, fetch), and how to embed the agenda
// (web component or iframe, from the configurator).
import type { MetaFunction } from '@remix-run/node';
import { useRouteLoaderData } from '@remix-run/react';
import { API_EVENT_PARAMETERS as PARAMETERS } from '~/domain/api-parameters';
import { pageMeta } from '~/domain/meta';
import type { loader as rootLoader } from '~/root';

export default function Developers() {
  const siteUrl = useRouteLoaderData<typeof rootLoader>('root')?.siteUrl ?? '';
  const example = `${siteUrl}/api/v1/events?category=musique&canton=VD&limit=5`;
  const curl = `curl '${example}'`;
  const fetchCode = `const reponse = await fetch('${example}');
const { data, next } = await reponse.json();
for (const evenement of data) {
  console.log(evenement.startsAt, evenement.title, evenement.venue.locality, evenement.url);
}`;
  const answer = `{
  "data": [
    {
      "id": "…",
      "title": "Concert de l’Avent",
      "url": "${siteUrl}/evenement/…",
      "startsAt": "2026-12-12T19:30:00+01:00",
      "endsAt": "2026-12-12T21:30:00+01:00",
      "venue": { "name": "Temple", "locality": "Lausanne", "canton": "VD" },
      "category": { "slug": "musique", "name": "Musique" },
      "image": { "url": "${siteUrl}/uploads/….webp", "width": 800, "height": 450, "alt": "…" }
    }
  ],
  "next": "eyJvIjo1…"
}`;
  return (
    <div className="page page--prose">
      <header className="page-header">
        <h1>Développeurs</h1>
        <p className="lead">
          Les événements publics d’Agenda romand se reprennent librement : une API en lecture, sans clé ni inscription,
          qui répond en JSON avec les mêmes filtres que l’agenda.
        </p>
      </header>

      <section aria-labelledby="api">
        <h2 id="api">L’API publique</h2>
        <p>
          Toutes les adresses commencent par <code>{siteUrl}/api/v1</code>. La description complète, au format OpenAPI
          3.1, est à <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.
        </p>
        <ul>
          <li>
            <code>GET /api/v1/events</code> : les événements à venir d’une sélection, dans l’ordre chronologique ; un
            événement à plusieurs dates donne une ligne par date ;
          </li>
          <li>
            <code>GET /api/v1/events/{'{id}'}</code> : un événement ;
          </li>
          <li>
            <code>GET /api/v1/categories</code> : les catégories, avec leur nombre d’événements à venir ;
          </li>
          <li>
            <code>GET /api/v1/partners</code> : les partenaires et donateurs ;
          </li>
          <li>
            <code>GET /api/v1/venues</code> et <code>GET /api/v1/organizers</code> : les lieux et les organisateurs
            publics, avec leur nombre d’événements à venir.
          </li>
        </ul>
        <p>
          Seuls les événements publiés paraissent, tels qu’ils ont été approuvés. Les dates sont au format ISO 8601 avec
          le décalage horaire suisse (<code>+01:00</code> en hiver, <code>+02:00</code> en été) ; les adresses (page de
          l’événement, fichier <code>.ics</code>, images en 400, 800 et 1600 pixels de large) sont complètes.
        </p>

        <h3>Paramètres de la liste</h3>
        <dl>
          {PARAMETERS.map(([name, text]) => (
            <div key={name}>
              <dt>
                <code>{name}</code>
              </dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>

        <h3>Exemples</h3>
        <p>Les cinq prochains concerts dans le canton de Vaud, en ligne de commande :</p>
        <CodeSample label="Exemple en ligne de commande (curl)" code={curl} />
        <p>Depuis une page web (le partage entre origines, CORS, est ouvert) :</p>
        <CodeSample label="Exemple depuis une page web (fetch)" code={fetchCode} />
        <p>La réponse :</p>
        <CodeSample label="Exemple de réponse" code={answer} />
        <p>
          Tant que <code>next</code> n’est pas <code>null</code>, la page suivante s’obtient avec les mêmes paramètres
          et <code>cursor=</code> suivi de sa valeur.
        </p>

        <h3>Erreurs, cache et limites</h3>
        <p>
          Une requête incomprise reçoit une réponse <code>application/problem+json</code> dont le champ{' '}
          <code>detail</code> explique le problème en français (statut 400, ou 404 pour un événement inconnu). Les
          réponses portent un <code>ETag</code> : renvoyez-le dans <code>If-None-Match</code> pour recevoir un 304 quand
          rien n’a changé. Chaque adresse IP dispose d’un nombre de requêtes par minute ; au-delà, la réponse est 429 et
          l’en-tête <code>Retry-After</code> indique dans combien de secondes réessayer. Gardez les réponses en cache
          quelques minutes plutôt que d’interroger l’API à chaque visite.
        </p>
      </section>

      <section aria-labelledby="integrer">
        <h2 id="integrer">L’agenda sur votre site, sans programmer</h2>
        <p>
          Le <a href="/integrer/configurateur">configurateur</a> donne le code à coller : un composant web (un script de
          quelques kilo-octets, sans cookie, qui prend la police de votre page) ou, pour les sites qui n’acceptent pas
          de script, un cadre (iframe).
        </p>
        <CodeSample
          label="Code du composant web à coller"
          code={`<script src="${siteUrl}/widget.js" defer></script>
<agenda-romand categorie="musique" canton="VD" limite="5"></agenda-romand>`}
        />
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Développeurs : l’API publique',
    description:
      'Reprenez les événements d’Agenda romand sur votre site : une API publique en lecture, sans clé, en JSON, avec les mêmes filtres que l’agenda.',
    path: '/developpeurs',
    matches,
  });

/** A code example, scrolled sideways on a phone: reachable by keyboard, so that a keyboard can scroll it too. */
function CodeSample({ label, code }: { label: string; code: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
    <pre tabIndex={0} title={label}>
      <code>{code}</code>
    </pre>
  );
}
