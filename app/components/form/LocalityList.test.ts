// The localities' suggestions as the server writes them: every locality of the list, each name escaped once.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LOCALITIES } from '~/domain/localities';
import { localityOptions, useLocalityList } from './LocalityList';

/** The datalist a page's server writes before the field is used. */
const written = (options?: readonly string[] | 'all') =>
  renderToString(createElement(() => useLocalityList('towns', options).list));

describe('suggestions des localités', () => {
  it('une option par localité, le nom tel quel (apostrophe, accents) et rien qui ferme l’attribut', () => {
    const html = localityOptions(LOCALITIES.map((l) => l.name));
    expect(html.match(/<option /g)).toHaveLength(LOCALITIES.length);
    expect(html).toContain('<option value="Yverdon-les-Bains"></option>');
    expect(localityOptions(['A "B" <C> & D'])).toBe('<option value="A &quot;B&quot; &lt;C&gt; &amp; D"></option>');
  });

  it('toutes celles de la région par défaut (le lieu d’un organisateur) ; sur les pages des visiteurs, seulement les proches', () => {
    // The region's 1,350 names, not the 4,000 of Switzerland (issue 70: the rest is read when typed, not offered).
    const region = LOCALITIES.filter((l) => l.region);
    expect(written().match(/<option /g)).toHaveLength(region.length);
    expect(written()).toContain('<option value="Villars-le-Terroir"></option>');
    expect(written()).not.toContain('<option value="Zürich"></option>');
    expect(written(['Morges', 'Morgins'])).toBe(
      '<datalist id="towns"><option value="Morges"></option><option value="Morgins"></option></datalist>',
    );
    expect(written([])).toBe('<datalist id="towns"></datalist>');
  });
});
