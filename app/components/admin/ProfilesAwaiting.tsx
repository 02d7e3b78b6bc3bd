// The organizer profiles their accounts sent, awaiting an admin (decision 095): the public profile beside the one sent,
// « Publier » or « Refuser ». Plain forms: works without JavaScript.
import { Form } from '@remix-run/react';
import { FormSecurity } from '~/components/FormSecurity';

interface Profile {
  description: string;
  website: string;
  logo: { alt: string } | null;
}

export interface ProfileAwaiting {
  id: string;
  name: string;
  updatedAt: string;
  before: Profile;
  after: Profile;
}

const lines = (p: Profile) => [
  ['Description', p.description || '—'],
  ['Site web', p.website || '—'],
  ['Logo', p.logo ? `« ${p.logo.alt} »` : 'Pas de logo'],
];

export function ProfilesAwaiting({ profiles }: { profiles: readonly ProfileAwaiting[] }) {
  if (profiles.length === 0) return null;
  return (
    <section className="admin-section" aria-labelledby="profiles-title" data-testid="profiles-awaiting">
      <h2 id="profiles-title">Profils à relire ({profiles.length})</h2>
      {profiles.map((p) => (
        <article key={p.id} className="card" id={`profile-${p.id}`}>
          <h3>{p.name}</h3>
          <dl className="moderation__facts">
            {lines(p.after).map(([label, after], i) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>
                  {after}
                  {after !== lines(p.before)[i][1] ? (
                    <span className="field__hint"> (avant : {lines(p.before)[i][1]})</span>
                  ) : null}
                </dd>
              </div>
            ))}
          </dl>
          <Form method="post">
            <FormSecurity />
            <input type="hidden" name="id" value={p.id} />
            <input type="hidden" name="seen" value={p.updatedAt} />
            <button type="submit" name="intent" value="profile-publish" className="button button--primary">
              Publier le profil
            </button>{' '}
            <button type="submit" name="intent" value="profile-refuse" className="button">
              Refuser
            </button>
          </Form>
        </article>
      ))}
    </section>
  );
}
