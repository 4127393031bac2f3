// ESLint's TypeScript parser (typescript-eslint) needs the TypeScript compiler's JavaScript API, which
// TypeScript 7 (the native compiler the project type-checks with) no longer ships. Loaded with
// `node --require` before ESLint, this hands the parser TypeScript 6 (installed as typescript-for-eslint).
const Module = require('node:module');

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveTypescriptForEslint(request, ...rest) {
  const redirected =
    request === 'typescript' || request.startsWith('typescript/') ? request.replace(/^typescript/, 'typescript-for-eslint') : request;
  return resolveFilename.call(this, redirected, ...rest);
};
