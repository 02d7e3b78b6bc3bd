// The localities of the list as a <datalist> for a town field, without their 28 KB gzip (the region's gazetteer, issue
// 70) on a page's first load (issue 50): the browser loads the list when the field is first used. What the server
// writes into the page before that is the page's choice: the region's list on a form of few visits that must suggest
// without JavaScript (an organizer's town), only the localities close to a refused one on the visitors' pages
// (« Autour de », « Dernier retour »): the whole list was 11 KB of every list, event and series page, 20 % of a list's
// HTML. The browser keeps that HTML as it hydrates.
import { useCallback, useState } from 'react';
import { LOCALITIES, type Locality } from '~/domain/localities';

/** The localities module, in a chunk of its own: a form asks for it when a town field is used. */
export const loadLocalities = () => import('~/domain/localities');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The options of the datalist, as HTML: a name, or a name and what tells it from its namesakes (its NPA). */
export const localityOptions = (names: readonly (string | { value: string; label: string })[]) =>
  names
    .map((name) =>
      typeof name === 'string'
        ? `<option value="${escapeHtml(name)}"></option>`
        : `<option value="${escapeHtml(name.value)}" label="${escapeHtml(name.label)}"></option>`,
    )
    .join('');

/** The whole list's options, written once per process: every page with a town field renders the same. */
let allOptions: string | undefined;
const allLocalityOptions = () => {
  allOptions ??= regionOptions(LOCALITIES);
  return allOptions;
};

/**
 * The region's localities only (1,340 names): the rest of Switzerland is read when typed, not offered (issue 70). A name
 * of several localities is offered once per canton with its canton and NPA (« Cugy (VD) », NPA 1053; « Cugy (FR) »,
 * NPA 1482), as findLocality reads it back: never two identical « Cugy » to pick from at random.
 */
export const regionOptions = (localities: readonly Locality[]) => {
  const region = localities.filter((locality) => locality.region);
  const count = new Map<string, number>();
  for (const { name } of region) count.set(name, (count.get(name) ?? 0) + 1);
  return localityOptions(
    region.map(({ name, canton, postalCode }) =>
      (count.get(name) ?? 0) > 1 ? { value: `${name} (${canton})`, label: `NPA ${postalCode}` } : name,
    ),
  );
};

/**
 * The datalist (`id`) and `load`, for the field's onFocus. `written`: the options the page holds until the field is
 * used, 'all' or a few names. `import.meta.env.SSR` is a constant in each build: the browser's leaves the static list
 * out (the dynamic import brings it in its own chunk, only when asked).
 */
export function useLocalityList(id: string, written: readonly string[] | 'all' = 'all') {
  const [loaded, setLoaded] = useState<string | null>(null);
  const load = useCallback(() => {
    if (loaded !== null) return;
    void loadLocalities().then((module) => setLoaded(regionOptions(module.LOCALITIES)));
  }, [loaded]);
  const html =
    loaded ?? (written === 'all' ? (import.meta.env.SSR ? allLocalityOptions() : '') : localityOptions(written));
  // At hydration the server's options stay (React does not rewrite a differing inner HTML when hydrating).
  const list = (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: names of the list, escaped by localityOptions.
    <datalist id={id} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />
  );
  return { list, load };
}
