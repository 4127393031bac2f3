// Type-aware inventory of synchronous database calls in server/src (non-test files).
import ts from 'typescript-for-eslint/lib/typescript.js';
import path from 'node:path';
const root = process.argv[2] ?? '.';
const configPath = path.join(root, 'tsconfig.json');
const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
const files = config.fileNames.filter((f) => f.includes('/server/src/') && !f.endsWith('.test.ts'));
const program = ts.createProgram({ rootNames: files, options: config.options });
const checker = program.getTypeChecker();
const methods = new Set(['get', 'all', 'run', 'values', 'execute', 'prepare', 'transaction', 'pragma', 'exec', 'function', 'iterate']);
const rows = [];
function declFile(type) {
  const symbol = type.getSymbol() ?? type.aliasSymbol;
  const decl = symbol?.declarations?.[0];
  return decl ? decl.getSourceFile().fileName : '';
}
function origin(expr) {
  const type = checker.getTypeAtLocation(expr);
  const types = type.isUnion() ? type.types : [type];
  for (const t of types) {
    const f = declFile(t);
    if (f.includes('drizzle-orm')) return 'drizzle';
    if (f.includes('better-sqlite3')) return 'better-sqlite3';
  }
  // methods' declaring file
  return '';
}
for (const sf of program.getSourceFiles()) {
  if (!files.includes(sf.fileName)) continue;
  const rel = path.relative(root, sf.fileName);
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      if (methods.has(name)) {
        const symbol = checker.getSymbolAtLocation(node.expression.name);
        const decl = symbol?.declarations?.[0];
        const df = decl ? decl.getSourceFile().fileName : '';
        let lib = df.includes('drizzle-orm') ? 'drizzle' : df.includes('better-sqlite3') ? 'better-sqlite3' : '';
        if (!lib) lib = origin(node.expression.expression);
        if (lib) {
          const { line } = sf.getLineAndCharacterOfPosition(node.getStart());
          let owner = '';
          if (decl && decl.parent && decl.parent.name) owner = decl.parent.name.text ?? '';
          rows.push({
            file: rel,
            line: line + 1,
            lib,
            method: name,
            owner,
            args: node.arguments.length,
            text: node.getText().slice(0, 160).replace(/\s+/g, ' '),
          });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}
console.log(JSON.stringify(rows));
