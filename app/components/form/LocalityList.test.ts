// The localities' suggestions as the server writes them: every locality of the list, each name escaped once.
import { describe, expect, it } from 'vitest';
import { LOCALITIES } from '~/domain/localities';
import { localityOptions } from './LocalityList';

describe('suggestions des localités', () => {
  it('une option par localité, le nom tel quel (apostrophe, accents) et rien qui ferme l’attribut', () => {
    const html = localityOptions(LOCALITIES.map((l) => l.name));
    expect(html.match(/<option /g)).toHaveLength(LOCALITIES.length);
    expect(html).toContain('<option value="Yverdon-les-Bains"></option>');
    expect(localityOptions(['A "B" <C> & D'])).toBe('<option value="A &quot;B&quot; &lt;C&gt; &amp; D"></option>');
  });
});
