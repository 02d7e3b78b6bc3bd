// The list's title, description and RSS link: its filters in words.
import type { MetaFunction } from '@remix-run/node';
import { pageMeta } from '~/domain/meta';
import { describeSelection } from './list';
import type { loader } from './route';

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const described = data ? describeSelection(data.filters, data.categoryName, data.alertDescription) : '';
  // Page 2 is not page 1: two tabs, two history entries, two results in a search engine (« …, page 2 »).
  const page = data && data.page > 1 ? `, page ${data.page}` : '';
  return [
    ...pageMeta({
      title: `${described ? `Événements : ${described}` : 'Événements'}${page}`,
      description: `Tous les événements à venir en Suisse romande${described ? ` (${described})` : ''} : concerts, spectacles, marchés, fêtes, sorties.`,
      path: `/evenements${location.search}`,
      matches,
    }),
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/rss+xml',
      title: 'Flux RSS de cette sélection',
      href: `/evenements.rss${location.search}`,
    },
  ];
};
