// Async codemod: turns one area's synchronous data access into awaited calls and propagates
// async/await to every caller (any area, tests, benches), through the TypeScript language service.
// Usage: node scripts/asyncCodemod.mjs <root> [<area folder relative to root>] [--async=<file>#<name> ...] [--dry]
// Seeds: (1) executions of drizzle SQLite builders / prepared queries and better-sqlite3 statements
// (.get/.all/.run) in the area's non-test files (none without an area: the port alone); (2) calls of
// UnitOfWork.append / UnitOfWork.streamVersion anywhere (the port is already hand-edited to return promises);
// (3) functions made async by hand (`--async=server/src/core/sqlite/replay.ts#replay`): their callers are
// awaited in turn (the second pass after hand fixes).
// A call whose result goes straight to a parameter typed to take a promise is left alone (its callee
// handles the promise); `ReturnType<typeof f>` of a function made async becomes `Awaited<ReturnType<typeof f>>`.
// It uses TypeScript 6's compiler API from typescript-for-eslint (the project's TypeScript 7 has none).
import ts from 'typescript-for-eslint/lib/typescript.js';
import fs from 'node:fs';
import path from 'node:path';

const positional = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
const root = path.resolve(positional[0]);
const areaFolder = positional[1] ?? null;
const dry = process.argv.includes('--dry');
const handMadeAsync = process.argv
  .slice(2)
  .filter((argument) => argument.startsWith('--async='))
  .map((argument) => {
    const [file, name] = argument.slice('--async='.length).split('#');
    return { file: path.resolve(root, file), name };
  });
const config = ts.getParsedCommandLineOfConfigFile(
  path.join(root, 'tsconfig.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} },
);
const fileNames = config.fileNames.filter((file) => /\/(server\/src|tests|bench|scripts)\//.test(file));
const versions = new Map(fileNames.map((file) => [file, '0']));
const host = {
  getScriptFileNames: () => fileNames,
  getScriptVersion: (file) => versions.get(file) ?? '0',
  getScriptSnapshot: (file) => (fs.existsSync(file) ? ts.ScriptSnapshot.fromString(fs.readFileSync(file, 'utf8')) : undefined),
  getCurrentDirectory: () => root,
  getCompilationSettings: () => config.options,
  getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
  fileExists: ts.sys.fileExists,
  readFile: ts.sys.readFile,
  readDirectory: ts.sys.readDirectory,
  directoryExists: ts.sys.directoryExists,
  getDirectories: ts.sys.getDirectories,
};
const service = ts.createLanguageService(host, ts.createDocumentRegistry());
const program = service.getProgram();
const checker = program.getTypeChecker();
const rel = (file) => path.relative(root, file);

/** Insertions per file: { position, text, order } (order sorts insertions at one position). */
const insertions = new Map();
const insert = (sourceFile, position, text, order) => {
  const list = insertions.get(sourceFile.fileName) ?? [];
  list.push({ position, text, order });
  insertions.set(sourceFile.fileName, list);
};
const stats = {
  seedsData: 0,
  seedsPort: 0,
  seedsHandMade: 0,
  awaitsAdded: 0,
  functionsMadeAsync: 0,
  returnTypesWrapped: 0,
  returnTypeQueriesAwaited: 0,
  promisesPassedOn: 0,
};
const handWork = [];
const flag = (node, kind, detail) => {
  const sourceFile = node.getSourceFile();
  const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart());
  handWork.push({
    file: rel(sourceFile.fileName),
    line: line + 1,
    kind,
    detail: detail ?? node.getText().slice(0, 100).replace(/\s+/g, ' '),
  });
};
const asyncFunctions = new Set();
const madeAsyncByFile = new Map();
const wrapped = new Set();
const queue = [];

function isFunctionLike(node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isConstructorDeclaration(node)
  );
}
function enclosingFunction(node) {
  let current = node.parent;
  while (current && !isFunctionLike(current)) current = current.parent;
  return current;
}
const hasAsync = (fn) => (ts.getCombinedModifierFlags(fn) & ts.ModifierFlags.Async) !== 0;

/** A call that is an argument for a parameter typed to take a promise (`void | Promise<void>`): its callee handles it. */
function passedToPromiseParameter(call) {
  if (!ts.isCallExpression(call.parent) || !call.parent.arguments.includes(call)) return false;
  const contextual = checker.getContextualType(call);
  return contextual !== undefined && /Promise|PromiseLike/.test(checker.typeToString(contextual));
}

function wrapAwait(call) {
  if (wrapped.has(call)) return;
  if (ts.isAwaitExpression(call.parent) || (ts.isParenthesizedExpression(call.parent) && ts.isAwaitExpression(call.parent.parent))) return;
  if (passedToPromiseParameter(call)) {
    wrapped.add(call);
    stats.promisesPassedOn += 1;
    return;
  }
  wrapped.add(call);
  const sourceFile = call.getSourceFile();
  const length = call.getEnd() - call.getStart();
  // A statement-level call needs no parentheses; elsewhere (a.b().c, x ?? f()) they keep precedence.
  const statement = ts.isExpressionStatement(call.parent);
  insert(sourceFile, call.getStart(), statement ? 'await ' : '(await ', -length);
  if (!statement) insert(sourceFile, call.getEnd(), ')', -1e9 + length);
  stats.awaitsAdded += 1;
  const fn = enclosingFunction(call);
  if (!fn) {
    flag(call, 'top-level await');
    return;
  }
  makeAsync(fn);
}

function contextualReturnAcceptsPromise(fn) {
  const contextual = checker.getContextualType(fn);
  if (!contextual) return null;
  const signatures = checker.getSignaturesOfType(checker.getNonNullableType(contextual), ts.SignatureKind.Call);
  if (signatures.length === 0) return null;
  const returnType = checker.getReturnTypeOfSignature(signatures[0]);
  const text = checker.typeToString(returnType);
  if (returnType.flags & ts.TypeFlags.Any || returnType.flags & ts.TypeFlags.Unknown) return { ok: true, text };
  if (/Promise|PromiseLike|MaybePromise|Awaitable/.test(text)) return { ok: true, text };
  // A generic result (Work<Result>, map<U>) is inferred: Promise<T> fits, so the caller's result type changes.
  if (returnType.flags & ts.TypeFlags.TypeParameter) return { ok: 'generic', text };
  return { ok: false, text };
}

function makeAsync(fn) {
  if (asyncFunctions.has(fn)) return;
  asyncFunctions.add(fn);
  if (hasAsync(fn)) return;
  const sourceFile = fn.getSourceFile();
  if (ts.isConstructorDeclaration(fn) || ts.isGetAccessorDeclaration(fn) || ts.isSetAccessorDeclaration(fn)) {
    flag(fn, 'constructor/accessor cannot be async', fn.name?.getText() ?? 'constructor');
    return;
  }
  if (fn.asteriskToken) {
    flag(fn, 'generator', fn.name?.getText());
    return;
  }
  stats.functionsMadeAsync += 1;
  madeAsyncByFile.set(rel(sourceFile.fileName), (madeAsyncByFile.get(rel(sourceFile.fileName)) ?? 0) + 1);
  let at;
  if (ts.isFunctionDeclaration(fn) || ts.isFunctionExpression(fn)) {
    at = fn
      .getChildren(sourceFile)
      .find((child) => child.kind === ts.SyntaxKind.FunctionKeyword)
      .getStart(sourceFile);
  } else if (ts.isMethodDeclaration(fn)) {
    at = fn.name.getStart(sourceFile);
  } else {
    at = fn.getStart(sourceFile);
  }
  insert(sourceFile, at, 'async ', -1e12);
  if (fn.type) {
    if (ts.isTypePredicateNode(fn.type)) flag(fn, 'type predicate cannot be async', fn.name?.getText());
    else if (!/^Promise</.test(fn.type.getText())) {
      insert(sourceFile, fn.type.getStart(sourceFile), 'Promise<', -1e12);
      insert(sourceFile, fn.type.getEnd(), '>', 1e12);
      stats.returnTypesWrapped += 1;
    }
  }
  queue.push(fn);
}

/** The callers of a function just made async: their calls are awaited, and their functions made async in turn. */
function propagate(fn) {
  const sourceFile = fn.getSourceFile();
  let nameNode = null;
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name) nameNode = fn.name;
  else if (ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)) nameNode = fn.parent.name;
  else if (ts.isPropertyAssignment(fn.parent)) nameNode = fn.parent.name;
  else if (ts.isPropertyDeclaration(fn.parent)) nameNode = fn.parent.name;
  if (!nameNode) {
    // An anonymous callback: its caller decides what it returns.
    const accepts = contextualReturnAcceptsPromise(fn);
    if (accepts === null) flag(fn, 'async callback, no contextual type');
    else if (accepts.ok === false) flag(fn, `async callback where ${accepts.text} is expected`, calleeText(fn));
    else if (accepts.ok === 'generic') {
      const call = fn.parent;
      if (ts.isCallExpression(call)) {
        const callee = call.expression.getText();
        if (/\.(map|flatMap|filter|some|every|find|reduce|sort|forEach)$/.test(callee))
          flag(fn, 'async callback in an array method', calleeText(fn));
        else if (/readTogether|transaction/.test(callee)) flag(fn, 'async callback in a synchronous transaction/read', calleeText(fn));
        else {
          // Generic callers (runCommand's work, a helper's callback) now return a promise: await them too.
          wrapAwait(call);
        }
      }
    }
    return;
  }
  const references = service.findReferences(sourceFile.fileName, nameNode.getStart(sourceFile)) ?? [];
  for (const referenced of references) {
    for (const reference of referenced.references) {
      if (reference.isDefinition) continue;
      const referenceFile = program.getSourceFile(reference.fileName);
      if (!referenceFile) continue;
      const token = findToken(referenceFile, reference.textSpan.start);
      if (!token) continue;
      let callee = token;
      if (ts.isPropertyAccessExpression(token.parent) && token.parent.name === token) callee = token.parent;
      const parent = callee.parent;
      if (ts.isCallExpression(parent) && parent.expression === callee) wrapAwait(parent);
      else if (
        ts.isImportSpecifier(parent) ||
        ts.isExportSpecifier(parent) ||
        ts.isImportClause(parent) ||
        ts.isShorthandPropertyAssignment(parent)
      )
        continue;
      else if (ts.isTypeQueryNode(parent) || ts.isTypeReferenceNode(parent) || ts.isQualifiedName(parent)) awaitReturnTypeQuery(token);
      else if (
        (ts.isPropertyAssignment(parent) ||
          ts.isMethodDeclaration(parent) ||
          ts.isPropertySignature(parent) ||
          ts.isMethodSignature(parent) ||
          ts.isPropertyDeclaration(parent)) &&
        parent.name === callee
      )
        continue; // another implementation or the declaration of the same member, not a use
      else flag(callee, 'async function used as a value');
    }
  }
}

/** `ReturnType<typeof f>` (or `typeof a.f`) of a function made async: its result is now `Awaited<…>` of it. */
const awaitedQueries = new Set();
function awaitReturnTypeQuery(token) {
  let query = token.parent;
  while (query && ts.isQualifiedName(query)) query = query.parent;
  if (!query || !ts.isTypeQueryNode(query)) return;
  const reference = query.parent;
  if (!ts.isTypeReferenceNode(reference) || reference.typeName.getText() !== 'ReturnType') return;
  const outer = reference.parent;
  if (ts.isTypeReferenceNode(outer) && outer.typeName.getText() === 'Awaited') return;
  if (awaitedQueries.has(reference)) return;
  awaitedQueries.add(reference);
  const sourceFile = reference.getSourceFile();
  insert(sourceFile, reference.getStart(sourceFile), 'Awaited<', -1e12);
  insert(sourceFile, reference.getEnd(), '>', 1e12);
  stats.returnTypeQueriesAwaited += 1;
}

function calleeText(fn) {
  const call = fn.parent;
  return ts.isCallExpression(call) ? `${call.expression.getText().slice(-60)}(…)` : fn.parent.getText().slice(0, 60);
}

function findToken(sourceFile, position) {
  let found = null;
  const visit = (node) => {
    if (position >= node.getStart(sourceFile) && position < node.getEnd()) {
      if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) found = node;
      ts.forEachChild(node, visit);
    }
  };
  visit(sourceFile);
  return found;
}

// Seeds.
const executionOwners = new Set([
  'SQLiteSelectBase',
  'SQLiteUpdateBase',
  'SQLiteDeleteBase',
  'SQLiteInsertBase',
  'SQLitePreparedQuery',
  'BaseSQLiteDatabase',
  'SQLiteRelationalQuery',
  'Statement',
]);
for (const sourceFile of program.getSourceFiles()) {
  if (!fileNames.includes(sourceFile.fileName)) continue;
  const inArea = areaFolder !== null && rel(sourceFile.fileName).startsWith(areaFolder) && !sourceFile.fileName.endsWith('.test.ts');
  const visit = (node) => {
    ts.forEachChild(node, visit);
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return;
    const name = node.expression.name.text;
    const symbol = checker.getSymbolAtLocation(node.expression.name);
    const declaration = symbol?.declarations?.[0];
    if (!declaration) return;
    const owner = declaration.parent?.name?.text ?? '';
    const declaredIn = declaration.getSourceFile().fileName;
    if (
      inArea &&
      ['get', 'all', 'run', 'values'].includes(name) &&
      executionOwners.has(owner) &&
      /drizzle-orm|better-sqlite3/.test(declaredIn)
    ) {
      stats.seedsData += 1;
      wrapAwait(node);
    } else if (['append', 'streamVersion'].includes(name) && owner === 'UnitOfWork' && declaredIn.endsWith('core/commands.ts')) {
      stats.seedsPort += 1;
      wrapAwait(node);
    }
  };
  visit(sourceFile);
}
// Functions made async by hand: already async, so only their callers change.
for (const { file, name } of handMadeAsync) {
  const sourceFile = program.getSourceFile(file);
  if (!sourceFile) throw new Error(`--async: ${rel(file)} is not in the program`);
  let found = 0;
  const visit = (node) => {
    ts.forEachChild(node, visit);
    if (!isFunctionLike(node)) return;
    const named =
      ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name?.getText() === name) ||
      ((ts.isVariableDeclaration(node.parent) || ts.isPropertyAssignment(node.parent) || ts.isPropertyDeclaration(node.parent)) &&
        node.parent.name.getText() === name);
    if (!named) return;
    found += 1;
    asyncFunctions.add(node);
    queue.push(node);
  };
  visit(sourceFile);
  if (found === 0) throw new Error(`--async: no function ${name} in ${rel(file)}`);
  stats.seedsHandMade += found;
}
while (queue.length > 0) propagate(queue.shift());

if (!dry) {
  for (const [file, list] of insertions) {
    let text = fs.readFileSync(file, 'utf8');
    list.sort((a, b) => b.position - a.position || b.order - a.order);
    for (const { position, text: added } of list) text = text.slice(0, position) + added + text.slice(position);
    fs.writeFileSync(file, text);
  }
}
const byKind = {};
for (const item of handWork) byKind[item.kind] = (byKind[item.kind] ?? 0) + 1;
const byFolder = {};
for (const [file, count] of madeAsyncByFile) {
  const parts = file.split('/');
  const key = parts[2] === 'domains' ? `domains/${parts[3]}` : parts.slice(0, parts.length - 1).join('/');
  byFolder[key] = (byFolder[key] ?? 0) + count;
}
fs.writeFileSync(
  process.env.CODEMOD_RESULT ?? 'codemod-result.json',
  JSON.stringify({ stats, filesChanged: insertions.size, byKind, byFolder, handWork }, null, 1),
);
console.log(JSON.stringify({ stats, filesChanged: insertions.size, byKind, byFolder }, null, 1));
