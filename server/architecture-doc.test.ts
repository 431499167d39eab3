/**
 * docs/architecture.md draws the module order that lint enforces (MODULE_ORDER in eslint.config.js): its
 * one-line order, the modules' table and the layout diagram name the same modules in the same order as the
 * lint rule and the folders of app/modules. A module added, removed or moved in one place and not the
 * others fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const { MODULE_ORDER } = (await import(pathToFileURL(path.join(root, 'eslint.config.js')).href)) as {
  MODULE_ORDER: string[];
};
const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

describe('docs/architecture.md and the lint rule name one module order', () => {
  it('the one-line order is MODULE_ORDER', () => {
    const line = /^\*\*([a-z-]+(?: → [a-z-]+)+)\*\*$/m.exec(doc);
    expect(line, 'a bold line "**a → b → …**" in docs/architecture.md').not.toBeNull();
    expect(line![1]!.split(' → ')).toEqual(MODULE_ORDER);
  });

  it('the layout diagram lists the modules in that order', () => {
    const line = /^\s+([a-z-]+(?: ~~~ [a-z-]+)+)$/m.exec(doc);
    expect(line, 'the modules subgraph "a ~~~ b ~~~ …"').not.toBeNull();
    expect(line![1]!.split(' ~~~ ')).toEqual(MODULE_ORDER);
  });

  it("the modules' table has a row for each module, in that order", () => {
    const section = doc.slice(doc.indexOf('## The modules'), doc.indexOf('### The module map'));
    const rows = [...section.matchAll(/^\| `([a-z-]+)`\s+\|/gm)].map((match) => match[1]);
    expect(rows).toEqual(MODULE_ORDER);
  });

  it('every folder of app/modules is in the order, and nothing else', () => {
    const folders = readdirSync(path.join(root, 'app/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...folders].sort()).toEqual([...MODULE_ORDER].sort());
  });
});
