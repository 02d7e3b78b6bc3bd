// Any path that no route claims: a French 404 page with status 404.
import type { MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { ErrorPage } from '~/components/ErrorPage';
import { pageTitle } from '~/domain/site';

export async function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundPage() {
  return <ErrorPage status={404} />;
}

export const meta: MetaFunction = () => [
  { title: pageTitle('Page introuvable') },
  { name: 'robots', content: 'noindex' },
];
