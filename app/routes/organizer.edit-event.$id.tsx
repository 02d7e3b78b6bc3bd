import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { keepRetryAfter } from '~/.server/security';
import { EventFormScreen, eventFormMeta } from '~/screens/event-form';
import { eventFormAction, eventFormLoader } from '~/screens/event-form.server';

export const loader = (args: LoaderFunctionArgs) => eventFormLoader(args);
export const action = (args: ActionFunctionArgs) => eventFormAction(args);
export const headers = keepRetryAfter;
export const meta = eventFormMeta;
export default EventFormScreen;
