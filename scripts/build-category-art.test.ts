// The committed drawings of the categories are those the script writes: a drawing edited in the script and not
// written again, or the CSS edited by hand, fails here.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATEGORY_ART_FILE, categoryArtCss } from './build-category-art.mjs';

describe('les dessins des catégories (app/styles/category-art.css)', () => {
  it('sont ceux qu’écrit scripts/build-category-art.mjs', () => {
    expect(fs.readFileSync(CATEGORY_ART_FILE, 'utf8')).toBe(categoryArtCss());
  });

  it('donnent un dessin à chaque catégorie de la démo, un calendrier aux autres', () => {
    const css = categoryArtCss();
    for (const slug of ['musique', 'spectacles', 'expos-musees', 'vie-locale', 'nature-balades'])
      expect(css).toContain(`[data-art='${slug}'] { --art-icon: url("data:image/svg+xml,`);
    expect(css).toMatch(/\[data-art\] \{\n {2}--art-icon: url\("data:image\/svg\+xml,[^"]+"\);/);
    expect(css).not.toMatch(/url\("[^"]*[<>#][^"]*"\)/);
  });
});
