import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { DashboardScreen, dashboardMeta } from '~/screens/dashboard';
import { dashboardAction, dashboardLoader } from '~/screens/dashboard.server';

export const loader = (args: LoaderFunctionArgs) => dashboardLoader(args);
export const action = (args: ActionFunctionArgs) => dashboardAction(args);
export const meta = dashboardMeta;
export default DashboardScreen;
