// Builds app/.server/identity/common-passwords.json, the list of common passwords refused at registration and
// password change (see app/.server/identity/password-policy.ts and COMMON-PASSWORDS.md).
//
// Source: src/passwords.json of the npm package @zxcvbn-ts/language-common@4.1.3 (MIT licence,
// © 2012-2016 Dan Wheeler and Dropbox, Inc., © 2021 @zxcvbn-ts), about 49,000 common passwords ordered by frequency.
// Kept: entries of 8 to 128 code points (shorter ones are already refused by the 8-character minimum), lower-cased
// and NFC-normalised, followed by a hand-written list of French / Swiss-French common passwords; duplicates removed,
// first occurrence kept.
//
// Regenerate:
//   cd /tmp && rm -rf pwsrc && mkdir pwsrc && cd pwsrc && npm pack @zxcvbn-ts/language-common@4.1.3 && tar xzf *.tgz
//   node scripts/build-common-passwords.mjs /tmp/pwsrc/package/src/passwords.json
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MIN = 8;
const MAX = 128;
const MIN_ENTRIES = 10_000;

const FRENCH = [
  'motdepasse',
  'motdepasse1',
  'motdepasse123',
  'azertyuiop',
  'azerty123',
  'azerty1234',
  'azertyui',
  'azerty12',
  'azertyuiop1',
  'soleil123',
  'bonjour1',
  'bonjour123',
  'doudou123',
  'chocolat',
  'chocolat1',
  'marseille',
  'marseille13',
  'suisse123',
  'geneve123',
  'genève123',
  'lausanne',
  'lausanne1',
  'fribourg',
  'neuchatel',
  'neuchâtel',
  'montreux',
  'romandie',
  'servette',
  'servette1',
  'valais123',
  'helvetia',
  'jetaime1',
  'jetaime123',
  'loulou123',
  'princesse',
  'princesse1',
  'coucou123',
  'nicolas1',
  'camille1',
  'caroline',
  'julien123',
  'mathilde',
  'alexandre',
  'stephanie',
  'papamaman',
  'mamanpapa',
  'doudoune',
  'poussin1',
  'chouchou',
  'nounours',
  'bisounours',
  'tournesol',
  'fromage1',
  'raclette',
  'vacherin',
  'toblerone',
  'edelweiss',
  'bienvenue',
  'secret123',
  'amour123',
  'bonheur1',
  'liberte1',
  'liberté1',
  'vacances',
  'ordinateur',
  'qwertzuiop',
  'qwertz123',
];

const source = process.argv[2];
if (!source) {
  console.error('Usage: node scripts/build-common-passwords.mjs <path/to/passwords.json>');
  process.exit(1);
}

const raw = JSON.parse(fs.readFileSync(source, 'utf8'));
if (!Array.isArray(raw)) throw new Error(`${source} n’est pas un tableau JSON.`);

const normalise = (entry) => String(entry).normalize('NFC').toLowerCase();
const fits = (entry) => {
  const length = [...entry].length;
  return length >= MIN && length <= MAX;
};

const seen = new Set();
const list = [];
for (const entry of [...raw.map(normalise), ...FRENCH.map(normalise)]) {
  if (!fits(entry) || seen.has(entry)) continue;
  seen.add(entry);
  list.push(entry);
}

if (list.length < MIN_ENTRIES) throw new Error(`Seulement ${list.length} entrées (minimum ${MIN_ENTRIES}).`);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'app/.server/identity/common-passwords.json');
// One entry per line, two-space indent: the layout Biome expects, so `npm run lint` passes and diffs stay readable.
fs.writeFileSync(target, `${JSON.stringify(list, null, 2)}\n`);
console.log(`${list.length} entrées écrites dans ${path.relative(root, target)}.`);
