// The routes: one module per URL of SPEC §2 (app/routes, flat file names), and the URLs SPEC calls « the same screen »
// as a second path to the same module.
import { flatRoutes } from '@remix-run/fs-routes';
import { type RouteConfig, route } from '@remix-run/route-config';

const sameScreen = [
  route('organizer/edit-event/:id', 'routes/organizer.submit-event/route.tsx', {
    id: 'routes/organizer.edit-event.$id',
  }),
  route('organizer/dashboard', 'routes/dashboard/route.tsx', { id: 'routes/organizer.dashboard' }),
  route('auth/email-verification', 'routes/auth.verify-email.tsx', { id: 'routes/auth.email-verification' }),
];

export default (async () => [...(await flatRoutes()), ...sameScreen])() satisfies RouteConfig;
