// A place typed in « Autour de » that is no Swiss locality but something people know (issue 70): a canton
// (« Valais ») or a city abroad (« Paris », « Annecy »). Said as such, with no Swiss village suggested for it: the walk
// got « Vouliez-vous dire Marin-Epagnier ? » for « Paris » and « Bouveret ? » for « Valais ».
import { CANTON_NAMES, readCanton } from './cantons';
import { normalizeTownName } from './localities';

/** Cities near the region, and the large ones a visitor may try, that are not in Switzerland. */
const ABROAD = new Set(
  [
    'Paris',
    'Lyon',
    'Marseille',
    'Grenoble',
    'Annecy',
    'Annemasse',
    'Thonon-les-Bains',
    'Thonon',
    'Évian-les-Bains',
    'Évian',
    'Chamonix',
    'Saint-Julien-en-Genevois',
    'Ferney-Voltaire',
    'Divonne-les-Bains',
    'Gex',
    'Pontarlier',
    'Morteau',
    'Besançon',
    'Mulhouse',
    'Strasbourg',
    'Dijon',
    'Aoste',
    'Aosta',
    'Milan',
    'Milano',
    'Turin',
    'Torino',
    'Rome',
    'Londres',
    'London',
    'Berlin',
    'Bruxelles',
    'Lille',
    'Nice',
    'Toulouse',
    'Bordeaux',
  ].map(normalizeTownName),
);

export type NotALocality = { canton: string } | { abroad: true } | null;

/** Call only for a name the gazetteer does not know (« Vaud » is also Le Vaud, a village, and stays it). */
export function notALocality(typed: string): NotALocality {
  const canton = readCanton(typed.replace(/^canton (de |du |d’|d')?/i, ''));
  if (canton && typed.trim().length > 2) return { canton: CANTON_NAMES[canton] };
  return ABROAD.has(normalizeTownName(typed)) ? { abroad: true } : null;
}

/** What « Autour de » says of it, or null. */
export function notALocalityMessage(typed: string): string | null {
  const what = notALocality(typed);
  if (!what) return null;
  const shown = `«\u00a0${typed.trim()}\u00a0»`;
  return 'canton' in what
    ? `${shown} est un canton (${what.canton}), pas une localité\u00a0: choisissez-le dans «\u00a0Canton\u00a0», ou une localité de la liste.`
    : `${shown} n’est pas en Suisse\u00a0: l’agenda couvre la Suisse romande. Choisissez une localité de la liste.`;
}
