/**
 * Every module's public entries (index.ts, index.server.ts, ui.ts) export 40 names or fewer each, types
 * included (issue 30): a module that needs more is two modules, cut by capability
 * (docs/architecture.md). An entry names what it exports (`export { a, type B } from './x.ts'`): an
 * `export *` would hide how many names it passes on, and `export * as ns` puts many names in one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const MAX_NAMES = 40;
const ENTRIES = ['index.ts', 'index.server.ts', 'ui.ts'];

const files = readdirSync(path.join(root, 'app/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((module) => ENTRIES.map((entry) => path.join('app/modules', module.name, entry)))
  .filter((file) => existsSync(path.join(root, file)));

/** The names an entry exports, and the statements that export names it does not list. */
function exportsOf(file: string): { names: string[]; unlisted: string[] } {
  const text = readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const names: string[] = [];
  const unlisted: string[] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      if (statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        names.push(...statement.exportClause.elements.map((element) => element.name.text));
      } else {
        unlisted.push(statement.getText(source));
      }
    } else if (ts.isExportAssignment(statement)) {
      names.push('default');
    } else if (
      ts.canHaveModifiers(statement) &&
      ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) names.push(declaration.name.getText(source));
      } else {
        const name = (statement as ts.DeclarationStatement).name;
        names.push(name ? name.getText(source) : 'default');
      }
    }
  }
  return { names, unlisted };
}

describe('the public entries of the modules', () => {
  const entries = files.map((file) => ({ file, ...exportsOf(file) }));

  it('list every name they export', () => {
    expect(
      entries.filter((entry) => entry.unlisted.length > 0).map(({ file, unlisted }) => ({ file, unlisted })),
    ).toEqual([]);
    // Each entry exports something: an entry read wrongly would count no names.
    expect(entries.filter((entry) => entry.names.length === 0).map((entry) => entry.file)).toEqual([]);
  });

  it(`export ${MAX_NAMES} names or fewer each`, () => {
    const over = entries
      .map(({ file, names }) => ({ file, count: new Set(names).size }))
      .filter(({ count }) => count > MAX_NAMES);
    expect(over).toEqual([]);
  });
});
