// Issue 50's JavaScript budget, on the production build the suite has just made: every page loads at most 100 KB of
// gzip JavaScript at start (entry, its routes from the root and what they import, from the build's Remix manifest).
// The pages still above it when the budget came are held where they were (rounded up, a kilobyte of slack): none may
// grow, and one that comes under the budget must leave the list. HTTP-free, so run once (@http).
import { expect, test } from '@playwright/test';
import { JS_BUDGET_KB, weightsFromManifest } from '../support/js-weight';

/** The pages above the budget when it came (forms with their client validation, the list, an event…), in KB. */
const ABOVE_BUDGET: Record<string, number> = {
  'routes/organizer.submit-event': 167,
  'routes/organizer.edit-event.$id': 167,
  'routes/admin.sources.$id': 145,
  'routes/admin.sources._index': 144,
  'routes/admin.partners': 144,
  'routes/admin.categories': 144,
  'routes/organizer.profile': 144,
  'routes/auth.register': 142,
  'routes/auth.login': 142,
  'routes/auth.reset-password': 142,
  'routes/auth.forgot-password': 142,
  'routes/admin.federation': 140,
  'routes/contact': 139,
  'routes/support-us': 137,
  'routes/admin.organisateurs': 136,
  'routes/alertes.nouvelle': 136,
  'routes/admin.lieux': 135,
  'routes/admin.events': 133,
  'routes/organizer.organisateur': 132,
  'routes/admin._index': 128,
  'routes/organizer.event-confirmation.$id': 128,
  'routes/alertes.gerer.$token': 120,
  'routes/alertes.desabonner.$token': 120,
  'routes/alertes.confirmer.$token': 120,
  'routes/alertes.demandee': 119,
  'routes/evenements': 115,
  'routes/evenement.$id': 108,
  'routes/lieux.$slug': 103,
  'routes/_index': 102,
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
