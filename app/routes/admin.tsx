// /admin/*: the parent of every admin screen, and the one route that links the admin stylesheet for all of them. Each
// screen draws its own frame (AdminShell); an error in one of them (an unknown source, a failed loader) is shown here,
// under the admin navigation, so the admin can go on elsewhere.
import { Outlet, useRouteLoaderData } from '@remix-run/react';
import { lazy, Suspense } from 'react';
import { AdminNav, adminLinks } from '~/components/AdminShell';
import type { loader as rootLoader } from '~/root';

// The error screen is rare: its code comes when a page needs it, as in root.tsx (the server renders it whole, the
// browser keeps that HTML until the code is there); every admin screen saves its 1.3 KB gzip (issue 50).
const LazyErrorPage = lazy(() => import('~/components/ErrorPage').then((m) => ({ default: m.RouteErrorPage })));
const RouteErrorPage = () => (
  <Suspense fallback={null}>
    <LazyErrorPage />
  </Suspense>
);

export const links = adminLinks;

export default function AdminLayout() {
  return <Outlet />;
}

export function ErrorBoundary() {
  // A refused visitor is redirected before any admin loader runs; whatever else reaches here from someone who is not
  // an admin (a refused POST, say) gets the public error page, without the admin navigation.
  const isAdmin = useRouteLoaderData<typeof rootLoader>('root')?.user?.role === 'admin';
  if (!isAdmin) return <RouteErrorPage />;
  return (
    <div className="page page--admin admin-error">
      <AdminNav />
      <RouteErrorPage />
    </div>
  );
}
