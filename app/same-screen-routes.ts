// The URLs docs/specification.md §2 calls « the same screen » as another one: a second route to the same module (app/routes.ts).
import { route } from '@remix-run/route-config';

export const sameScreenRoutes = [
  route('organizer/edit-event/:id', 'routes/organizer.submit-event/route.tsx', {
    id: 'routes/organizer.edit-event.$id',
  }),
  route('organizer/dashboard', 'routes/dashboard/route.tsx', { id: 'routes/organizer.dashboard' }),
  route('auth/email-verification', 'routes/auth.verify-email.tsx', { id: 'routes/auth.email-verification' }),
];
