// Every route module reads in one order (issue 17): loader, schema, action, component, meta, ErrorBoundary. A newcomer
// opening any route finds the data it reads first and the page's title after the page.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ORDER = ['loader', 'schema', 'action', 'component', 'meta', 'ErrorBoundary'] as const;
type Part = (typeof ORDER)[number];

function routeModules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeModules(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [file] : [];
  });
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const isDefault = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

/** The parts a module declares at its top level, in the order they stand. */
function partsOf(file: string): Part[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const parts: Part[] = [];
  for (const statement of source.statements) {
    const names = ts.isVariableStatement(statement)
      ? statement.declarationList.declarations.map((d) => d.name.getText(source))
      : ts.isFunctionDeclaration(statement) && statement.name
        ? [statement.name.text]
        : [];
    if (isDefault(statement)) parts.push('component');
    for (const name of names) {
      if (/^[a-z]\w*Schema$|^schema$/.test(name) && ts.isVariableStatement(statement)) parts.push('schema');
      else if (isExported(statement) && (ORDER as readonly string[]).includes(name)) parts.push(name as Part);
    }
  }
  return parts;
}

describe('ordre des modules de route', () => {
  const modules = routeModules('app/routes');

  it('lit des modules de route (le test ne tourne pas à vide)', () => {
    expect(modules.length).toBeGreaterThan(50);
    expect(partsOf('app/routes/contact.tsx')).toEqual(['loader', 'action', 'component', 'meta']);
  });

  it('chaque route : loader, schéma, action, composant, meta, ErrorBoundary', () => {
    const misplaced = modules.flatMap((file) => {
      const ranks = partsOf(file).map((part) => ORDER.indexOf(part));
      return ranks.every((rank, i) => i === 0 || ranks[i - 1] <= rank)
        ? []
        : [`${file} : ${partsOf(file).join(' > ')}`];
    });
    expect(misplaced).toEqual([]);
  });
});
