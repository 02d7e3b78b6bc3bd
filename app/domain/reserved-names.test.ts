// The team's names cannot be taken by an organizer, in any spelling that reads the same; ordinary names pass.
import { describe, expect, it } from 'vitest';
import { isReservedName } from './reserved-names';

describe('noms réservés à l’équipe', () => {
  it.each([
    'Admin',
    'admin',
    'ADMIN',
    'Administrateur',
    'Administratrice du site',
    'Modération',
    'Moderation',
    'MODÉRATION',
    'Modérateur',
    'Agenda romand',
    'Agenda Romand',
    'agenda-romand',
    'AgendaRomand',
    'agendaromand',
    'L’équipe Agenda romand',
    'Support',
    'Support technique',
    'Équipe du site',
    ' Admin ',
    'A d m i n',
    'A.D.M.I.N',
    'Aaadmiiin',
    'Adm\u200bin',
    'Ad\u00admin',
    '4dm1n',
    'Admln',
    'M0dérati0n',
    '\u0410dmin',
    'Аdmіn',
    'Μοderation',
    'Ａｄｍｉｎ',
    'Admin Paul',
    'AdminPaul',
    'Modération – Agenda romand',
    'Agenda\u00a0romand',
    'Sécurité',
    'Webmaster',
    'agenda',
    'Agenda',
    'AGENDA',
    'A.g.e.n.d.a',
  ])('« %s » est refusé', (name) => {
    expect(isReservedName(name)).toBe(true);
  });

  it.each([
    'Badminton Club Nyon',
    'Administration communale de Morges',
    'Agenda culturel de Sion',
    'Romands du Jura',
    'Théâtre du Passage',
    'Léa Rochat',
    'Ludothèque La Toupie',
    'Société de gym 1901',
    'Supporters du HC Ajoie',
    'Ada',
    'Mina',
  ])('« %s » est accepté', (name) => {
    expect(isReservedName(name)).toBe(false);
  });
});
