// The localities of the list as a <datalist> for a town field, without their 6 KB on a page's first load (issue 50):
// the server writes them into the page (suggestions work without JavaScript), the browser keeps that HTML as it
// hydrates, and after a navigation in the browser loads the list when the field is first used.
import { useCallback, useState } from 'react';
import { LOCALITIES } from '~/domain/localities';

/** The localities module, in a chunk of its own: a form asks for it when a town field is used. */
export const loadLocalities = () => import('~/domain/localities');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The options of the datalist, as HTML. */
export const localityOptions = (names: readonly string[]) =>
  names.map((name) => `<option value="${escapeHtml(name)}"></option>`).join('');

/** The whole list's options, written once per process: every page with a town field renders the same. */
let allOptions: string | undefined;
const allLocalityOptions = () => {
  allOptions ??= localityOptions(LOCALITIES.map((locality) => locality.name));
  return allOptions;
};

/**
 * The datalist (`id`) and `load`, for the field's onFocus. `import.meta.env.SSR` is a constant in each build: the
 * browser's leaves the static list out (the dynamic import brings it in its own chunk, only when asked).
 */
export function useLocalityList(id: string) {
  const [html, setHtml] = useState(() => (import.meta.env.SSR ? allLocalityOptions() : ''));
  const load = useCallback(() => {
    if (html) return;
    void loadLocalities().then((module) =>
      setHtml(localityOptions(module.LOCALITIES.map((locality) => locality.name))),
    );
  }, [html]);
  // At hydration the server's options stay (React does not rewrite a differing inner HTML when hydrating).
  const list = (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: names of the list, escaped by localityOptions.
    <datalist id={id} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />
  );
  return { list, load };
}
