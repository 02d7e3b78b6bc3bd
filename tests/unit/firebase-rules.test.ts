// Firestore and Storage rules must refuse every client: the browser never talks to them (the server uses the Admin
// SDK). This reads the rules files that `firebase deploy` ships and fails on any `allow` that could grant access.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) => fs.readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

/** Every `allow` statement, comments removed: its methods and its condition (null when it has none). */
function allowStatements(rules: string): { text: string; condition: string | null }[] {
  const code = rules.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  return [...code.matchAll(/\ballow\b([^;]*);/g)].map((m) => {
    const [, condition] = m[1].split(/:\s*if\b/);
    return { text: m[0].replace(/\s+/g, ' ').trim(), condition: condition === undefined ? null : condition.trim() };
  });
}

const grants = (rules: string) => allowStatements(rules).filter((a) => a.condition !== 'false');

describe('règles Firebase : aucun accès client', () => {
  const config = JSON.parse(read('firebase.json'));

  it.each([
    ['Firestore', config.firestore.rules],
    ['Storage', config.storage.rules],
  ])('%s : chaque allow de %s est « if false »', (_, file: string) => {
    const rules = read(file);
    expect(allowStatements(rules).length).toBeGreaterThan(0);
    expect(grants(rules)).toEqual([]);
  });

  it('le contrôle repère une règle qui ouvrirait l’accès', () => {
    expect(grants('allow read;')).toHaveLength(1);
    expect(grants('allow read, write: if request.auth != null;')).toHaveLength(1);
    expect(grants('allow write: if false || true;')).toHaveLength(1);
    expect(grants('// allow read: if true;\nallow read: if false;')).toHaveLength(0);
  });

  it('les index déployés sont du JSON que firebase.json désigne', () => {
    const indexes = JSON.parse(read(config.firestore.indexes));
    expect(indexes.indexes.map((i: { collectionGroup: string }) => i.collectionGroup)).toContain('notifications');
  });
});
