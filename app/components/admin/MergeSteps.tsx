// The steps of a merge on the admins' lists of venues and organizers (decision 114): which record to keep when several
// answer the name typed, then both side by side before the merge is confirmed. Plain GET and POST forms (no JS needed).
import { Form } from '@remix-run/react';
import type { MergeCard } from '~/.server/places/merge-places';
import { FormSecurity } from '~/components/FormSecurity';
import { Link } from '~/components/Link';
import { imageUrl } from '~/domain/images';

export interface MergePlanView {
  from: MergeCard;
  target: string;
  candidates: MergeCard[];
  into: MergeCard | null;
}

interface Props {
  path: string;
  one: string;
  query: string;
  plan: MergePlanView;
}

const events = (n: number) => `${n} événement${n > 1 ? 's' : ''}`;
const placeOf = (c: MergeCard) => (c.locality ? `${c.locality} (${c.canton})` : '');

function Card({ card, title, venue }: { card: MergeCard; title: string; venue: boolean }) {
  const facts: [string, string][] = [
    ['Nom', card.name],
    ...(venue
      ? ([
          ['Adresse', card.street || '—'],
          ['Localité', card.locality || '—'],
          ['Canton', card.canton || '—'],
          ['Coordonnées', card.coordinates || '—'],
        ] as [string, string][])
      : []),
    ['Événements', events(card.events)],
    ['Statut', card.status === 'pending' ? 'proposé' : 'approuvé'],
    ['Adresse de la page', card.slug],
    ['Site web', card.website || '—'],
    ['Description', card.description || '—'],
  ];
  return (
    <section className="merge-steps__card" aria-label={`${title}\u00a0: ${card.name}`}>
      <h3>{title}</h3>
      <dl>
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>{venue ? 'Photo' : 'Logo'}</dt>
          <dd>{card.image ? <img src={imageUrl(card.image.path, 400)} alt={card.image.alt} width={160} /> : '—'}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The last merge into this record, with its undo while it is allowed. */
export function MergeUndo({
  id,
  undo,
}: {
  id: string;
  undo: { goneName: string; goneWhere: string; events: number } | null;
}) {
  if (!undo) return null;
  const { goneName, goneWhere, events } = undo;
  return (
    <Form method="post" preventScrollReset className="admin-places__undo">
      <FormSecurity honeypot={false} />
      <input type="hidden" name="intent" value="unmerge" />
      <input type="hidden" name="id" value={id} />
      <span>
        «&nbsp;{goneName}&nbsp;»{goneWhere ? ` (${goneWhere})` : ''} y a été fondu ({events} événement
        {events > 1 ? 's' : ''}).
      </span>
      <button type="submit" className="button">
        Annuler la fusion
      </button>
    </Form>
  );
}

export function MergeSteps({ path, one, query, plan }: Props) {
  const back = query ? `${path}?q=${encodeURIComponent(query)}` : path;
  const venue = one === 'lieu';
  const { from, into } = plan;
  return (
    <section className="merge-steps" id="fusion" aria-labelledby="fusion-title">
      <h2 id="fusion-title">Fondre «&nbsp;{from.name}&nbsp;»</h2>
      {into ? (
        <>
          <p>Vérifiez les deux fiches avant de les fondre.</p>
          <div className="merge-steps__pair">
            <Card card={from} title="Disparaît" venue={venue} />
            <Card card={into} title="Est gardée" venue={venue} />
          </div>
          <p>
            {events(from.events)} de «&nbsp;{from.name}&nbsp;» {from.events > 1 ? 'passeront' : 'passera'} à «&nbsp;
            {into.name}&nbsp;»
            {placeOf(into) ? ` (${placeOf(into)})` : ''}, et l’adresse «&nbsp;{from.slug}&nbsp;» y renverra. Vous
            pourrez annuler la fusion pendant 24&nbsp;h.
          </p>
          <Form method="post" action={back} className="merge-steps__actions">
            <FormSecurity honeypot={false} />
            <input type="hidden" name="intent" value="merge" />
            <input type="hidden" name="id" value={from.id} />
            <input type="hidden" name="into" value={into.id} />
            <button type="submit" className="button button--primary">
              Confirmer la fusion
            </button>
            <Link to={back}>Annuler</Link>
          </Form>
        </>
      ) : (
        <Form method="get" action={path} className="merge-steps__choice">
          {query ? <input type="hidden" name="q" value={query} /> : null}
          <input type="hidden" name="fondre" value={from.id} />
          <input type="hidden" name="cible" value={plan.target} />
          <fieldset>
            <legend>
              {plan.candidates.length} fiches répondent à «&nbsp;{plan.target}&nbsp;»&nbsp;: laquelle garder&nbsp;?
            </legend>
            {plan.candidates.map((c, i) => (
              <div key={c.id} className="merge-steps__option">
                <input type="radio" id={`fusion-${c.id}`} name="dans" value={c.id} required defaultChecked={i === 0} />
                <label htmlFor={`fusion-${c.id}`}>
                  {c.name}
                  {placeOf(c) ? ` — ${placeOf(c)}` : ''} · {events(c.events)}
                </label>
              </div>
            ))}
          </fieldset>
          <div className="merge-steps__actions">
            <button type="submit" className="button button--primary">
              Comparer les deux fiches
            </button>
            <Link to={back}>Annuler</Link>
          </div>
        </Form>
      )}
    </section>
  );
}
