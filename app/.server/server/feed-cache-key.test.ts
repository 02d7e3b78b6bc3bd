// The feeds' place in the page cache (issue 46): every spelling of one search is one feed, made once.
import { describe, expect, it } from 'vitest';
import { canonicalFeedUrl } from './http-cache';

const SITE = 'https://agenda.example';

describe('clé de cache des flux', () => {
  it('« de », « De », « DE », « de  » et « dé » sont un seul flux, lu comme le stockage lit la recherche', () => {
    const urls = ['de', 'De', 'DE', 'de%20', 'd%C3%A9', '%20dE%20%20'].map((q) =>
      canonicalFeedUrl(`${SITE}/evenements.ics?q=${q}&canton=VD`),
    );
    expect(new Set(urls)).toEqual(new Set([`${SITE}/evenements.ics?q=de&canton=VD`]));
    expect(canonicalFeedUrl(`${SITE}/evenements.rss?q=F%C3%AAte%20DES%20Vignerons`)).toBe(
      `${SITE}/evenements.rss?q=fete+des+vignerons`,
    );
    // An empty search is no search.
    expect(canonicalFeedUrl(`${SITE}/evenements.ics?q=%20&canton=VD`)).toBe(`${SITE}/evenements.ics?canton=VD`);
  });

  it('la page de la liste garde la recherche telle que tapée ; un texte refusé reste tel quel (400)', () => {
    expect(canonicalFeedUrl(`${SITE}/evenements?q=DE`)).toBe(`${SITE}/evenements?q=DE`);
    const refused = `${SITE}/evenements.ics?q=${encodeURIComponent('<script>')}`;
    expect(canonicalFeedUrl(refused)).toBe(refused);
  });
});
