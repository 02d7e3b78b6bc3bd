// The JavaScript budget, on the production build the suite has just made, read from the build's Remix manifest (the
// files each page loads at start: entry, its routes from the root and what they import). Issue 72's measures, which
// replace issue 50's 100 KB of gzip per page: a page's own code beyond the shared entry and root at most 22 KB of
// gzip, the event form's at most 35 KB, and everything a page loads at most 100 KB as sent (brotli), the event form
// included since it loads its helpers as they are used (decision 166). HTTP-free, so run once (@http).
import { expect, test } from '@playwright/test';
import {
  EVENT_FORM_BUDGET_KB,
  EVENT_FORM_ROUTES,
  OWN_CODE_BUDGET_KB,
  SENT_BUDGET_KB,
  weightsFromManifest,
} from '../support/js-weight';

test.describe('poids du JavaScript de chaque page @http', () => {
  test('le code propre de chaque page ≤ 22 Ko gzip (le formulaire d’événement ≤ 35 Ko), tout ≤ 100 Ko en brotli', () => {
    const weights = weightsFromManifest();
    expect(weights.length).toBeGreaterThan(50);
    const ownBudget = (route: string) =>
      EVENT_FORM_ROUTES.includes(route) ? EVENT_FORM_BUDGET_KB : OWN_CODE_BUDGET_KB;
    const ownOver = weights
      .filter(({ route, ownKb }) => ownKb > ownBudget(route))
      .map(({ route, ownKb }) => `${route} : ${ownKb.toFixed(1)} Ko`);
    expect(ownOver, 'code propre au-delà de son objectif (gzip)').toEqual([]);
    const sentOver = weights
      .filter(({ brKb }) => brKb > SENT_BUDGET_KB)
      .map(({ route, brKb }) => `${route} : ${brKb.toFixed(1)} Ko`);
    expect(sentOver, `au-delà de ${SENT_BUDGET_KB} Ko en brotli`).toEqual([]);
  });
});
