// Builds app/domain/gazetteer.json, the offline gazetteer of Swiss postal localities read by app/domain/localities.ts
// (in the browser as on the server; see app/domain/LOCALITIES.md and decision 144).
//
// Source: ch-postal-codes.csv of the shared reference data (GeoNames postal codes for CH, CC BY 4.0, « Données :
// GeoNames (geonames.org), CC BY 4.0 »): one row per postcode (NPA) and postal locality, with canton, district,
// commune (BFS number) and a point per locality. Every row of Switzerland is kept (a search near a border names a
// village of Bern or Solothurn); the region (GE, VD, VS, NE, FR, JU, the Bernese Jura and Biel/Bienne) is flagged.
// Moutier is in canton Jura since 1 January 2026: the commune is moved to JU whatever the source says.
//
// Regenerate (from the project root; the CSV sits in ../shared/data/ beside the repository):
//   node scripts/build-gazetteer.mjs [path/to/ch-postal-codes.csv]
// Check that the committed file is up to date (exit code 1 otherwise):
//   node scripts/build-gazetteer.mjs [path/to/ch-postal-codes.csv] --check
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const check = args.includes('--check');
const source = args.find((arg) => arg !== '--check') ?? path.join(root, '../shared/data/ch-postal-codes.csv');

const COLUMNS =
  'country_code,zipcode,place,state,state_code,province,province_code,community,community_code,latitude,longitude';
const REGION_CANTONS = new Set(['GE', 'VD', 'VS', 'NE', 'FR', 'JU']);
const CANTONS = new Set('AG AI AR BE BL BS FR GE GL GR JU LU NE NW OW SG SH SO SZ TG TI UR VD VS ZG ZH'.split(' '));
// Canton Bern in the region: the administrative district « Jura bernois » (GeoNames province 241), and the bilingual
// communes of Biel/Bienne (371) and Evilard (372). The rest of Bern is kept, outside the region.
const BERNESE_JURA_PROVINCE = '241';
const BILINGUAL_BE_COMMUNES = new Set(['371', '372']);
// Communes moved to another canton than the source says, by BFS number: Moutier (JU since 2026).
const COMMUNE_CANTON = { 700: 'JU' };

// The main towns: their main postal code (the NPA a form fills, first of the locality's) and a rank above the villages
// in the suggestions (the source has no population). Keyed `${canton}:${name}` as the gazetteer writes the name.
const MAIN_POSTAL_CODES = {
  'GE:Genève': '1204',
  'GE:Bernex': '1233',
  'GE:Carouge': '1227',
  'GE:Chêne-Bougeries': '1224',
  'GE:Chêne-Bourg': '1225',
  'GE:Grand-Lancy': '1212',
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
  'VD:Le Sentier': '1347',
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
  'VD:Payerne': '1530',
  'VD:Prilly': '1008',
  'VD:Pully': '1009',
  'VD:Renens': '1020',
  'VD:Rolle': '1180',
  'VD:Saint-Prex': '1162',
  'VD:Sainte-Croix': '1450',
  'VD:Vallorbe': '1337',
  'VD:Vevey': '1800',
  'VD:Villars-sur-Ollon': '1884',
  'VD:Villeneuve': '1844',
  'VD:Yverdon-les-Bains': '1400',
  'VS:Brig': '3900',
  'VS:Crans-Montana': '3963',
  'VS:Fully': '1926',
  'VS:Le Châble': '1934',
  'VS:Martigny': '1920',
  'VS:Monthey': '1870',
  'VS:Naters': '3904',
  'VS:Saint-Maurice': '1890',
  'VS:Sierre': '3960',
  'VS:Sion': '1950',
  'VS:Verbier': '1936',
  'VS:Visp': '3930',
  'VS:Zermatt': '3920',
  'NE:La Chaux-de-Fonds': '2300',
  'NE:Le Locle': '2400',
  'NE:Neuchâtel': '2000',
  'NE:Boudry': '2017',
  'NE:Cernier': '2053',
  'NE:Fleurier': '2114',
  'FR:Bulle': '1630',
  'FR:Châtel-Saint-Denis': '1618',
  'FR:Düdingen': '3186',
  'FR:Estavayer-le-Lac': '1470',
  'FR:Fribourg': '1700',
  'FR:Marly': '1723',
  'FR:Murten': '3280',
  'FR:Romont': '1680',
  'FR:Tafers': '1712',
  'FR:Villars-sur-Glâne': '1752',
  'JU:Delémont': '2800',
  'JU:Moutier': '2740',
  'JU:Porrentruy': '2900',
  'JU:Saignelégier': '2350',
  'BE:Biel/Bienne': '2502',
  'BE:La Neuveville': '2520',
  'BE:Saint-Imier': '2610',
  'BE:Tavannes': '2710',
  'BE:Tramelan': '2720',
};

// Other names a locality is known by (German or French names, former or short names), keyed as above. The two
// halves of a bilingual name (« Biel/Bienne ») and the name without its canton or its commune (« Renens VD »,
// « Charmey (Gruyère) ») need none: localities.ts reads them.
const ALIASES = {
  'GE:Genève': ['Genf', 'Geneva'],
  'VD:Bussigny': ['Bussigny-près-Lausanne'],
  'VD:Cossonay': ['Cossonay-Ville'],
  'VD:Le Sentier': ['Le Chenit'],
  'VD:Oron-la-Ville': ['Oron'],
  'VD:Saint-Légier-La Chiésaz': ['Saint-Légier'],
  'VD:Yverdon-les-Bains': ['Yverdon'],
  'VD:Lausanne': ['Lausanne-Blécherette', 'Blécherette'],
  'VS:Le Châble': ['Bagnes', 'Val de Bagnes'],
  'VS:Basse-Nendaz': ['Nendaz'],
  'VS:Brig': ['Brigue'],
  'VS:Leuk Stadt': ['Leuk', 'Loèche'],
  'VS:Leukerbad': ['Loèche-les-Bains'],
  'VS:Raron': ['Rarogne'],
  'VS:Salgesch': ['Salquenen'],
  'VS:Saint-Niklaus': ['Sankt Niklaus', 'Saint-Nicolas'],
  'VS:Sierre': ['Siders'],
  'VS:Sion': ['Sitten'],
  'VS:Turtmann': ['Tourtemagne'],
  'VS:Varen': ['Varone'],
  'VS:Visp': ['Viège'],
  'VS:Chermignon': ['Chermignon-d’en Haut'],
  'NE:Neuchâtel': ['Neuenburg'],
  'NE:Marin-Epagnier': ['Marin'],
  'FR:Düdingen': ['Guin'],
  'FR:Estavayer-le-Lac': ['Estavayer'],
  'FR:Fribourg': ['Freiburg'],
  'FR:Giffers': ['Chevrilles'],
  'FR:Gruyères': ['Greyerz'],
  'FR:Kerzers': ['Chiètres'],
  'FR:Murten': ['Morat'],
  'FR:Plaffeien': ['Planfayon'],
  'FR:Rechthalten': ['Dirlaret'],
  'FR:Saint-Antoni': ['Sankt Antoni', 'Saint-Antoine'],
  'FR:Tafers': ['Tavel'],
  'JU:Delémont': ['Delsberg'],
  'JU:Porrentruy': ['Pruntrut'],
  'BE:La Neuveville': ['Neuenstadt'],
  'BE:Biel/Bienne': ['Bienne', 'Biel'],
  // Issue 70: « Berne » read as Bernex, Berneck, Oberneunforn.
  'BE:Bern': ['Berne'],
};

const text = fs.readFileSync(source, 'utf8').replace(/^\uFEFF/, '');
const [header, ...lines] = text.split(/\r?\n/).filter((line) => line.trim() !== '');
if (header.trim() !== COLUMNS) throw new Error(`${source} : colonnes inattendues (${header}).`);

/** The postal name as people write it: no post-office box number or business suffix, « Saint- » for « St- ». */
function cleanName(place) {
  const words = place.normalize('NFC').trim().split(/\s+/);
  // « Genève 11 », « Lausanne 25 », « Neuchâtel OFS », « Bern PF OC »: a box or a business's postcode of the town.
  while (words.length > 1) {
    const last = words.at(-1);
    if (/^\d+$/.test(last) || (/^[A-Z]{2,}$/.test(last) && !CANTONS.has(last))) words.pop();
    else break;
  }
  return words
    .join(' ')
    .replace(/\bSt-/g, 'Saint-')
    .replace(/\bSte-/g, 'Sainte-')
    .replace(/\bSt\. /g, 'Saint-')
    .replaceAll("'", '’');
}

/** The name without the canton Swiss Post adds to tell namesakes apart (« Renens VD », « Ecublens FR »). */
const withoutCanton = (name) => name.replace(/ ([A-Z]{2})$/, (suffix, code) => (CANTONS.has(code) ? '' : suffix));

const groups = new Map();
for (const line of lines) {
  const cells = line.split(',');
  if (cells.length !== 11) throw new Error(`Ligne illisible : ${line}`);
  const [country, zipcode, place, , stateCode, , provinceCode, community, communityCode, latitude, longitude] = cells;
  if (country !== 'CH' || !/^[1-9]\d{3}$/.test(zipcode)) throw new Error(`Ligne inattendue : ${line}`);
  const lat = Number(latitude);
  const lng = Number(longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) continue;
  const canton = COMMUNE_CANTON[communityCode] ?? stateCode;
  if (!CANTONS.has(canton)) throw new Error(`Canton inconnu : ${line}`);
  const region =
    REGION_CANTONS.has(canton) ||
    (canton === 'BE' && (provinceCode === BERNESE_JURA_PROVINCE || BILINGUAL_BE_COMMUNES.has(communityCode)));
  const name = withoutCanton(cleanName(place));
  // « Genève 11 », « Neuchâtel OFS »: a box's or a business's postcode (what cleanName leaves out).
  const last = place.trim().split(/\s+/).at(-1);
  const boxed = place.trim().includes(' ') && (/^\d+$/.test(last) || (/^[A-Z]{2,}$/.test(last) && !CANTONS.has(last)));
  // One locality per name once spaces, case and accents are left aside (« Crête-à-l’Oeil(Les Agettes) »).
  const k = `${canton}:${name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')}`;
  let group = groups.get(k);
  if (!group) {
    group = { name, canton, region, rows: [] };
    groups.set(k, group);
  }
  group.rows.push({ zipcode, lat, lng, community: community.normalize('NFC'), bfs: Number(communityCode), boxed });
}

// A name only a box's postcode gives (« Yverdon 2 »: Yverdon-les-Bains 1400) is no locality of its own: its rows go to
// the locality of its commune that bears the commune's name, or its first.
for (const [k, group] of groups) {
  if (!group.rows.every((row) => row.boxed)) continue;
  const { bfs, community } = group.rows[0];
  const home = [...groups.values()]
    .filter((other) => other !== group && other.canton === group.canton && other.rows.some((row) => row.bfs === bfs))
    .sort((a, b) => Number(b.name === community) - Number(a.name === community) || b.rows.length - a.rows.length)[0];
  if (!home) continue;
  home.rows.push(...group.rows);
  groups.delete(k);
}

// A special postcode's name (an administration, a company, a sorting centre, a branch: « Lausanne Adm cant », « Bulle
// centre de traitement », « Genève 84 Votations », « Martigny Groupe Mutuel ») is its commune's locality followed by
// words: no place of its own (issue 70). Its rows go to that locality, so that its NPA leads there and it is never
// listed or suggested as a locality.
for (const [k, group] of groups) {
  const { bfs } = group.rows[0];
  if (!group.rows.every((row) => row.bfs === bfs)) continue;
  const main = [...groups.values()]
    .filter(
      (other) =>
        other !== group &&
        other.canton === group.canton &&
        group.name.startsWith(`${other.name} `) &&
        other.rows.some((row) => row.bfs === bfs),
    )
    .sort((a, b) => a.name.length - b.name.length)[0];
  if (!main) continue;
  main.rows.push(...group.rows.map((row) => ({ ...row, boxed: true, special: true })));
  groups.delete(k);
}

// A shopping centre's postcode name (« Avry-Centre », « Marin-Centre », « Signy-Centre », issue 70, the second walk):
// « X-Centre » where X is a locality of the same commune (« Signy ») or begins one (« Avry-sur-Matran »,
// « Marin-Epagnier »). No place of its own either: its rows go to that locality (the shortest such name), as above.
for (const [k, group] of groups) {
  const stem = /^(.+)-Centre$/.exec(group.name)?.[1];
  const { bfs } = group.rows[0];
  if (!stem || !group.rows.every((row) => row.bfs === bfs)) continue;
  const home = [...groups.values()]
    .filter(
      (other) =>
        other !== group &&
        other.canton === group.canton &&
        (other.name === stem || other.name.startsWith(`${stem}-`) || other.name.startsWith(`${stem} `)) &&
        other.rows.some((row) => row.bfs === bfs),
    )
    .sort((a, b) => a.name.length - b.name.length)[0];
  if (!home) continue;
  home.rows.push(...group.rows.map((row) => ({ ...row, boxed: true, special: true })));
  // Typed (« ?autour=Avry-Centre »), the name is still read, as the village: never listed, never a dead end.
  home.aliases = [...(home.aliases ?? []), group.name];
  groups.delete(k);
}

// « Cossonay-Ville » (issue 70, the second walk): a locality whose postal name is its commune's followed by « -Ville »,
// where no locality bears the commune's name, is called as people call it, by the commune's name (« Cossonay »); the
// postal name stays one of its names (ALIASES).
for (const group of groups.values()) {
  const commune = withoutCanton(group.rows[0].community.normalize('NFC').replace(/ \([A-Z]{2}\)$/, ''));
  if (group.name !== `${commune}-Ville`) continue;
  if ([...groups.values()].some((other) => other.canton === group.canton && other.name === commune)) continue;
  group.name = commune;
}

// Rows of one commune, to weigh the locality that bears its name (the seat of a commune of many villages).
const communeRows = new Map();
for (const group of groups.values()) {
  for (const row of group.rows) communeRows.set(row.bfs, (communeRows.get(row.bfs) ?? 0) + 1);
}

const used = new Set();
const collator = new Intl.Collator('fr', { sensitivity: 'variant' });
const entries = [];
for (const group of groups.values()) {
  const k = `${group.canton}:${group.name}`;
  const codes = [...new Set(group.rows.map((row) => row.zipcode))].sort();
  const main = MAIN_POSTAL_CODES[k];
  if (main !== undefined) {
    used.add(k);
    if (!codes.includes(main)) throw new Error(`${k} : NPA principal ${main} absent de la source.`);
  }
  // The commune and its number: the main postcode's row (a box's row last), else the lowest postcode's.
  const rows = [...group.rows].sort(
    (a, b) =>
      Number(b.zipcode === main) - Number(a.zipcode === main) ||
      Number(a.boxed) - Number(b.boxed) ||
      a.zipcode.localeCompare(b.zipcode),
  );
  // The point: the median of the rows' (per coordinate), not the main postcode's alone. GeoNames puts some of them in
  // the lake (Morges 1110, Lausanne 1006 and 1007); the rows of boxes and districts pull the median into the town.
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    const value = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    return Number(value.toFixed(4));
  };
  const point = {
    ...rows[0],
    // A special postcode's row (above) does not move the locality.
    lat: median(group.rows.filter((row) => !row.special).map((row) => row.lat)),
    lng: median(group.rows.filter((row) => !row.special).map((row) => row.lng)),
  };
  const postalCodes = main ? [main, ...codes.filter((code) => code !== main)] : codes;
  // No population in the source: a town is weighed by its postcodes, by the rows of the commune it is the seat of,
  // and by being one of the main towns above.
  const seat = withoutCanton(point.community.replace(/ \([A-Z]{2}\)$/, '')) === group.name.replace(/ \(.*\)$/, '');
  const weight = postalCodes.length + (seat ? communeRows.get(point.bfs) : 0) + (main ? 20 : 0);
  if (ALIASES[k]) used.add(k);
  const aliases = ALIASES[k] || group.aliases ? [...(ALIASES[k] ?? []), ...(group.aliases ?? [])] : undefined;
  entries.push({
    name: group.name,
    canton: group.canton,
    lat: point.lat,
    lng: point.lng,
    postalCodes: postalCodes.join(' '),
    bfs: point.bfs,
    commune: point.community.replaceAll("'", '’') === group.name ? '' : point.community.replaceAll("'", '’'),
    weight,
    region: group.region ? 1 : 0,
    aliases,
  });
}

// The commune's name, when no locality of its canton bears it (« Val de Bagnes », « Le Chenit », « Lancy »): an
// alias of the commune's weightiest locality.
const named = new Set(entries.map((entry) => `${entry.canton}:${withoutCanton(entry.name).toLowerCase()}`));
const byCommune = new Map();
for (const entry of entries) {
  const best = byCommune.get(entry.bfs);
  if (!best || entry.weight > best.weight) byCommune.set(entry.bfs, entry);
}
for (const entry of byCommune.values()) {
  const commune = entry.commune.replace(/ \([A-Z]{2}\)$/, '').replaceAll("'", '’');
  if (!commune || named.has(`${entry.canton}:${commune.toLowerCase()}`)) continue;
  const aliases = entry.aliases ?? [];
  if (!aliases.includes(commune)) entry.aliases = [...aliases, commune];
}

// Names as people write them: « Charmey (Gruyère) » is Charmey, « Pont-de-la-Morge (Sion) » Pont-de-la-Morge, when no
// other locality of the canton has that name; the postal name stays an alias. Murten keeps its French half, as the
// site wrote it before (« Murten/Morat »: both halves are read).
const DISPLAY_NAMES = { 'FR:Murten': 'Murten/Morat' };
const withoutQualifier = (name) => name.replace(/ ?\(.*\)$/, '');
const sameBase = new Map();
for (const entry of entries) {
  const k = `${entry.canton}:${withoutQualifier(entry.name).toLowerCase()}`;
  sameBase.set(k, (sameBase.get(k) ?? 0) + 1);
}
for (const entry of entries) {
  const base = withoutQualifier(entry.name);
  const display =
    DISPLAY_NAMES[`${entry.canton}:${entry.name}`] ??
    (base !== entry.name && base !== '' && sameBase.get(`${entry.canton}:${base.toLowerCase()}`) === 1
      ? base
      : entry.name);
  if (display === entry.name) continue;
  if (entry.commune === '') entry.commune = entry.name;
  entry.aliases = [...(entry.aliases ?? []), entry.name];
  entry.name = display;
}

const unused = [...Object.keys(MAIN_POSTAL_CODES), ...Object.keys(ALIASES)].filter((k) => !used.has(k));
if (unused.length > 0) throw new Error(`Absents de la source (MAIN_POSTAL_CODES ou ALIASES) : ${unused.join(', ')}.`);

entries.sort((a, b) => b.region - a.region || collator.compare(a.name, b.name) || collator.compare(a.canton, b.canton));

// One locality per line, as an array (the file is read by the browser: field names once, in localities.ts):
// [name, canton, lat, lng, postcodes (main first), BFS number, commune when not the name, weight, region, aliases?].
// Expanded beyond 120 columns, as Biome formats it, so that `npx biome check` passes and the file regenerates byte
// for byte.
const toJson = (value) =>
  Array.isArray(value) ? `[${value.map((item) => JSON.stringify(item)).join(', ')}]` : JSON.stringify(value);
const row = (e) => {
  const cells = [e.name, e.canton, e.lat, e.lng, e.postalCodes, e.bfs, e.commune, e.weight, e.region];
  if (e.aliases) cells.push(e.aliases);
  const inline = `  [${cells.map(toJson).join(', ')}]`;
  if (inline.length + 1 <= 120) return inline;
  return `  [\n${cells.map((cell) => `    ${toJson(cell)}`).join(',\n')}\n  ]`;
};
const file = (list) => `[\n${list.map(row).join(',\n')}\n]\n`;
// The NPA each canton of the form really has, where its first two digits could be of several (issue 70: « 1482 Cugy »
// is Fribourg's, never Vaud's): read by postal-codes.ts, in the browser as on the server. Runs of consecutive codes
// are written « 1470-73 ».
const FORM_PREFIXES = {
  GE: ['12'],
  VD: ['10', '11', '12', '13', '14', '15', '16', '17', '18'],
  VS: ['18', '19', '38', '39'],
  NE: ['20', '21', '22', '23', '24', '25', '26'],
  FR: ['14', '15', '16', '17', '31', '32', '35'],
  JU: ['23', '27', '28', '29'],
  BE: ['23', '25', '26', '27', '28', '30', '31', '32', '33', '34', '35', '36', '37', '38', '39', '45', '49'],
};
const cantonsOfCode = new Map();
for (const entry of entries)
  for (const code of entry.postalCodes.split(' ')) {
    if (!cantonsOfCode.has(code)) cantonsOfCode.set(code, new Set());
    cantonsOfCode.get(code).add(entry.canton);
  }
const codesOfCanton = {};
for (const [code, cantons] of [...cantonsOfCode].sort(([a], [b]) => a.localeCompare(b))) {
  const fits = Object.keys(FORM_PREFIXES).filter((canton) => FORM_PREFIXES[canton].includes(code.slice(0, 2)));
  if (fits.length < 2) continue;
  for (const canton of fits) {
    codesOfCanton[canton] ??= [];
    if (cantons.has(canton)) codesOfCanton[canton].push(code);
  }
}
const runs = (codes) => {
  const out = [];
  for (let i = 0; i < codes.length; ) {
    let j = i;
    while (j + 1 < codes.length && Number(codes[j + 1]) === Number(codes[j]) + 1) j++;
    out.push(j > i ? `${codes[i]}-${codes[j].slice(2)}` : codes[i]);
    i = j + 1;
  }
  return out.join(' ');
};
const cantonCodesFile = `{\n${Object.keys(FORM_PREFIXES)
  .filter((canton) => codesOfCanton[canton])
  .map((canton) => `  ${JSON.stringify(canton)}: ${JSON.stringify(runs(codesOfCanton[canton]))}`)
  .join(',\n')}\n}\n`;

// The region in a file of its own: the browser's chunk holds it; the rest of Switzerland is the server's only.
const outputs = [
  [path.join(root, 'app/domain/gazetteer.json'), file(entries.filter((e) => e.region))],
  [path.join(root, 'app/domain/gazetteer-suisse.json'), file(entries.filter((e) => !e.region))],
  [path.join(root, 'app/domain/postal-code-cantons.json'), cantonCodesFile],
];

const counts = {};
let pairs = 0;
for (const entry of entries.filter((e) => e.region)) {
  counts[entry.canton] = (counts[entry.canton] ?? 0) + 1;
  pairs += entry.postalCodes.split(' ').length;
}
const summary = `${entries.length} localités, dont ${entries.filter((e) => e.region).length} de la région (${Object.entries(
  counts,
)
  .map(([canton, count]) => `${canton} ${count}`)
  .join(', ')} ; ${pairs} couples NPA-localité)`;

if (check) {
  for (const [target, output] of outputs) {
    const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
    if (current !== output) {
      console.error(`${path.relative(root, target)} n’est pas à jour : relancer sans --check.`);
      process.exit(1);
    }
  }
  console.log(`À jour : ${summary}.`);
} else {
  for (const [target, output] of outputs) fs.writeFileSync(target, output);
  console.log(`${summary} écrites dans app/domain/gazetteer.json et gazetteer-suisse.json.`);
}
