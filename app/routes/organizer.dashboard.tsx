import type { LoaderFunctionArgs } from '@remix-run/node';
import { DashboardScreen, dashboardMeta } from '~/screens/dashboard';
import { dashboardLoader } from '~/screens/dashboard.server';

export const loader = (args: LoaderFunctionArgs) => dashboardLoader(args);
export const meta = dashboardMeta;
export default DashboardScreen;
