// Every /api path is written once, in packages/contracts/src/api-paths.ts: this check reads the server's and the pages'
// source (tests aside) and fails on any string or template literal that spells an /api path itself.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const scanned = ['apps/server/src', 'apps/web/src', 'e2e/support'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const spellsApiPath = (text: string) => /(^|[^\w.-])\/api(\/|$)/.test(text);

/** "file:line: text" of each literal in this source that spells an /api path. */
export function apiPathLiterals(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateLiteralToken(node)) &&
      spellsApiPath(node.text)
    ) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${fileName}:${line + 1}: ${node.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('/api paths', () => {
  it('are spelled only in packages/contracts', () => {
    const files = scanned.flatMap((dir) => sourceFiles(path.join(root, dir)));
    expect(files.length).toBeGreaterThan(50);
    const literals = files.flatMap((file) =>
      apiPathLiterals(path.relative(root, file), readFileSync(file, 'utf8')),
    );
    expect(literals).toEqual([]);
  });

  it('the check sees strings and templates, not comments or regular expressions', () => {
    const source = [
      "const a = '/api/download/file';",
      'const b = `/api/convert/jobs/${id}`;',
      'const c = `${origin}/api`;',
      '// GET /api/config',
      'const d = /^\\/api\\//;',
      "const e = 'https://example.com/apiary';",
    ].join('\n');
    expect(apiPathLiterals('x.ts', source).map((hit) => hit.split(': ')[1])).toEqual([
      "'/api/download/file'",
      '`/api/convert/jobs/${',
      '}/api`',
    ]);
  });
});
