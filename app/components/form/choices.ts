// The choices several drop-downs offer: the cantons, and the categories a page was given.
import { CANTON_CODES, CANTON_NAMES } from '~/domain/cantons';

export interface Choice {
  value: string;
  label: string;
}

export const CANTON_CHOICES: readonly Choice[] = CANTON_CODES.map((code) => ({
  value: code,
  label: CANTON_NAMES[code],
}));

export const categoryChoices = (categories: readonly { slug: string; label: string }[]): Choice[] =>
  categories.map((c) => ({ value: c.slug, label: c.label }));
