import { describe, expect, it } from 'vitest';
import { HOLIDAY_CSV_MAX_BYTES, parseHolidayCsv } from './holiday-csv';

const HEADER = 'canton,libelle,debut,fin,source';

describe('l’import CSV des vacances scolaires', () => {
  it('lit les périodes, guillemets et BOM compris ; une source rend la période confirmée', () => {
    const csv = `\uFEFF${HEADER}\r\nVD,"Vacances d’automne, 2028",2028-10-14,2028-10-29,https://www.vd.ch/\r\nGE,Vacances de février,2029-02-10,2029-02-18,\r\n`;
    expect(parseHolidayCsv(csv)).toEqual({
      errors: [],
      periods: [
        {
          canton: 'VD',
          label: 'Vacances d’automne, 2028',
          firstDay: '2028-10-14',
          lastDay: '2028-10-29',
          sourceUrl: 'https://www.vd.ch/',
          confirmed: true,
        },
        {
          canton: 'GE',
          label: 'Vacances de février',
          firstDay: '2029-02-10',
          lastDay: '2029-02-18',
          sourceUrl: '',
          confirmed: false,
        },
      ],
    });
  });

  it('nomme chaque ligne fautive en français et ne garde rien', () => {
    const csv = [
      HEADER,
      'VD,Relâches,2029-02-10,2029-02-18,https://www.vd.ch/',
      'ZH,Sportferien,2029-02-10,2029-02-18,',
      'VD,Pâques,2029-03-30,2029-03-20,',
      'VD,Relâches bis,2029-02-10,2029-02-11,',
      'NE,trop,de,colonnes,ici,encore',
    ].join('\n');
    expect(parseHolidayCsv(csv)).toEqual({
      periods: [],
      errors: [
        'Ligne 3 (canton) : Canton inconnu (GE, VD, VS, NE, FR, JU ou BE pour le Jura bernois)',
        'Ligne 4 (fin) : Le dernier jour précède le premier',
        'Ligne 5 : même canton et même premier jour que la ligne 2',
        'Ligne 6 : 5 colonnes attendues, 6 trouvées',
      ],
    });
  });

  it('refuse un autre en-tête, un fichier vide ou trop gros', () => {
    expect(parseHolidayCsv('canton;libelle;debut;fin;source\n').errors).toEqual([
      'Ligne 1 : l’en-tête doit être « canton,libelle,debut,fin,source »',
    ]);
    expect(parseHolidayCsv(`${HEADER}\n`).errors).toEqual(['Le fichier ne contient aucune période']);
    expect(parseHolidayCsv('x'.repeat(HOLIDAY_CSV_MAX_BYTES + 1)).errors).toEqual([
      'Fichier trop volumineux (32 Ko au plus)',
    ]);
  });
});
