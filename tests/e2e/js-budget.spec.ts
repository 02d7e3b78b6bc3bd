// Issue 50's JavaScript budget, on the production build the suite has just made: every page loads at most 100 KB of
// gzip JavaScript at start (entry, its routes from the root and what they import, from the build's Remix manifest).
// The pages still above it when the budget came are held where they were (rounded up, a kilobyte of slack): none may
// grow, and one that comes under the budget must leave the list. HTTP-free, so run once (@http).
import { expect, test } from '@playwright/test';
import { JS_BUDGET_KB, weightsFromManifest } from '../support/js-weight';

/**
 * The pages still above the budget, in KB: the forms (conform renders them; their validation loads after the page,
 * decision 129), the event form, the list, an event… Each held at its weight when last lowered.
 */
const ABOVE_BUDGET: Record<string, number> = {
  'routes/organizer.submit-event': 117,
  'routes/organizer.edit-event.$id': 117,
  'routes/admin.sources.$id': 108,
  'routes/admin.sources._index': 107,
  'routes/admin.partners': 106,
  'routes/admin.categories': 106,
  'routes/organizer.profile': 107,
  'routes/auth.register': 105,
  'routes/auth.login': 105,
  'routes/auth.reset-password': 105,
  'routes/auth.forgot-password': 105,
  'routes/admin.federation': 108,
  'routes/contact': 102,
  'routes/support-us': 105,
  'routes/admin.organisateurs': 105,
  'routes/alertes.nouvelle': 103,
  'routes/admin.lieux': 104,
  // A page that came above it (issue 47): a venue's record (its forms).
  'routes/admin.lieux_.$id': 103,
  'routes/organizer.organisateur': 101,
  // +0.1 KB: the alert's rhythms as radios, each read in full on a 360 px phone (a drop-down cut the first one).
  'routes/evenements': 107,
  // « Ça a lieu ? » and « Vacances (VD) » came with the page's own code (issue 51); the localities' datalist in a chunk
  // shared with the list's « Autour de » (+0.1 KB here, −6.2 KB on the list).
  'routes/evenement.$id': 106,
};

test.describe('poids du JavaScript de chaque page @http', () => {
  test('chaque page du manifeste charge au plus 100 Ko de JavaScript gzip au démarrage', () => {
    const weights = weightsFromManifest();
    expect(weights.length).toBeGreaterThan(50);
    const over = weights
      .filter(({ route, kb }) => kb > (ABOVE_BUDGET[route] ?? JS_BUDGET_KB))
      .map(({ route, kb }) => `${route} : ${kb.toFixed(1)} Ko`);
    expect(over, `au-delà de ${JS_BUDGET_KB} Ko (ou de leur poids connu)`).toEqual([]);
    // A page back under the budget leaves the list (so that it cannot climb back to its old weight unnoticed).
    const back = weights.filter(({ route, kb }) => ABOVE_BUDGET[route] && kb <= JS_BUDGET_KB).map((w) => w.route);
    expect(back, 'revenues sous le budget : à retirer de ABOVE_BUDGET').toEqual([]);
  });
});
