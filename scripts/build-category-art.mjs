// Writes app/styles/category-art.css (committed, like the icons): the picture of a card whose event has none, drawn
// by the stylesheet (decision 107). One stroke drawing per seeded category on a 24 px grid, a calendar for categories
// added later. A test checks that the committed file is what this script writes.
// Usage: node scripts/build-category-art.mjs
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CATEGORY_ART_FILE = fileURLToPath(new URL('../app/styles/category-art.css', import.meta.url));

const ICONS = {
  musique: 'M9 18V5l12-2v13 M6 15a3 3 0 1 0 0 6a3 3 0 1 0 0-6 M18 13a3 3 0 1 0 0 6a3 3 0 1 0 0-6',
  spectacles: 'M4 4h16v7a8 8 0 0 1-16 0z M9 9h.01 M15 9h.01 M9 13a3 3 0 0 0 6 0',
  'expos-musees': 'M3 5h18v14H3z M3 16l5-5 4 4 3-3 6 6 M16 7.5a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3',
  'divertissement-audiovisuel': 'M3 5h18v14H3z M7 5v14 M17 5v14 M3 9h4 M3 15h4 M17 9h4 M17 15h4',
  'marches-brocantes': 'M3 10h18l-2 10H5z M8 10l4-6 4 6 M9 14v3 M15 14v3',
  'comptoirs-foires': 'M3 20l9-16 9 16z M12 20l-3-6h6z',
  'fetes-traditions': 'M5 21V4h12l-2 4 2 4H5',
  'gastronomie-terroir': 'M7 3v18 M4 3v5a3 3 0 0 0 6 0V3 M17 3c-2 2-2 7 0 9v9',
  'sports-loisirs': 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18 M3 12h18 M12 3a14 14 0 0 1 0 18 M12 3a14 14 0 0 0 0 18',
  'ateliers-cours': 'M4 20l4-1 11-11-3-3L5 16z M14 6l3 3',
  'vie-locale': 'M3 11l9-7 9 7v9H3z M9 20v-6h6v6',
  'nature-balades': 'M2 20l7-12 4 6 3-4 6 10z',
};
const CALENDAR = 'M4 6h16v14H4z M4 10h16 M8 3v5 M16 3v5';

/** An SVG as a CSS url(): the characters a data URL cannot hold bare are escaped, the quotes made single. */
const cssUrl = (svg) =>
  `url("data:image/svg+xml,${svg.replaceAll('<', '%3C').replaceAll('>', '%3E').replaceAll('#', '%23')}")`;
const drawing = (d) =>
  cssUrl(
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='#fff' stroke-width='1.6' stroke-linecap='round' stroke-linejoin='round'><path d='${d}'/></svg>`,
  );
// Two light circles on a 160 × 90 box, covering the picture's box as the old inline SVG did (xMidYMid slice).
const GLOW = cssUrl(
  "<svg xmlns='http://www.w3.org/2000/svg' width='160' height='90' viewBox='0 0 160 90' fill='#fff' fill-opacity='.14'><circle cx='18' cy='80' r='34'/><circle cx='146' cy='8' r='26'/></svg>",
);

export function categoryArtCss() {
  const rules = Object.entries(ICONS).map(
    ([slug, d]) => `.event-card__media[data-art='${slug}'] { --art-icon: ${drawing(d)}; }`,
  );
  return `/* Written by scripts/build-category-art.mjs: edit the drawings there, then run it (decision 107).
   The picture of a card whose event has none (EventCard: data-art, its category's slug): the category's colour, two
   light circles and the category's drawing, centred, 40 % of the box's height. Decorative: the card says it all. */
.event-card__media[data-art] {
  --art-icon: ${drawing(CALENDAR)};
  background: var(--art-icon) center / auto 40% no-repeat, ${GLOW} center / cover no-repeat,
    var(--category-color, var(--lake));
}
${rules.join('\n')}
/* High contrast (forced colours): as drawn, white on the category's colour, not white on the forced white. */
@media (forced-colors: active) {
  .event-card__media[data-art] { forced-color-adjust: none; }
}
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(CATEGORY_ART_FILE, categoryArtCss());
  console.log(`Dessins des catégories écrits dans ${CATEGORY_ART_FILE}`);
}
