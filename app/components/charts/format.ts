// Counts in the charts and lists of the admin pages, written as everywhere else (app/domain/numbers.ts).
import { formatCount } from '~/domain/numbers';

export { formatCount };

/** "1 événement", "3 événements", "0 événement" (French: singular below 2). */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(n)} ${Math.abs(n) < 2 ? singular : pluralForm}`;
}
