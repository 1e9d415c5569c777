// npm run check: the type check of every TypeScript file (tsconfig.test.json, as `npm run typecheck`) and
// eslint (as `npm run lint:eslint`, the same configuration and cache) over one TypeScript program. Run
// apart, each built the program of the whole project itself and the type-aware rules checked it again:
// on a clean clone 35 and 66 CPU s, together about 60 (issue 41). `npm test` runs this beside the tests.
// Prints what tsc and eslint print; exits 1 when either finds an error.

import * as typescriptParser from '@typescript-eslint/parser';
import { setPriority } from 'node:os';
import { ESLint } from 'eslint';
import ts from 'typescript';

const TSCONFIG = 'tsconfig.test.json';
const ESLINT_CACHE = 'node_modules/.cache/eslint/';

/** The type check, incremental as tsc's (its build info where tsconfig.test.json says): the program and what it found. */
function typeCheck(): { program: ts.Program; diagnostics: readonly ts.Diagnostic[] } {
  const config = ts.getParsedCommandLineOfConfigFile(TSCONFIG, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!config) throw new Error(`cannot read ${TSCONFIG}`);
  const builder = ts.createIncrementalProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences ?? [],
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
  });
  const diagnostics = [
    ...builder.getConfigFileParsingDiagnostics(),
    ...builder.getOptionsDiagnostics(),
    ...builder.getGlobalDiagnostics(),
    ...builder.getSyntacticDiagnostics(),
    ...builder.getSemanticDiagnostics(),
  ];
  builder.emit(); // noEmit: only the build info, so that the next check skips the files that did not change
  return { program: builder.getProgram(), diagnostics };
}

// Beside the tests (`npm test`), the tests' timed waits (a build in a child, a server's start) get the cores
// first: a Sejm build in fetch.test.ts ran past its 120 s while this ran at their priority on a loaded machine.
setPriority(10);

const { program, diagnostics } = typeCheck();
if (diagnostics.length > 0) {
  process.stdout.write(
    ts.formatDiagnosticsWithColorAndContext(diagnostics, {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: ts.sys.getCurrentDirectory,
      getNewLine: () => ts.sys.newLine,
    }),
  );
  process.stdout.write(`\nFound ${diagnostics.length} type error${diagnostics.length === 1 ? '' : 's'}.\n`);
}

/**
 * typescript-eslint's parser given the program just checked, for the rules' type information, in place of
 * a program of its own. Passed as a parser, not as `parserOptions.programs`: eslint's cache keys its results
 * by the configuration, which must serialise (a parser by its name and version).
 */
const parserOverProgram = {
  meta: { name: `${typescriptParser.meta.name} over the checked program`, version: typescriptParser.version },
  parseForESLint: (code: string, options: typescriptParser.ParserOptions) =>
    typescriptParser.parseForESLint(code, { ...options, programs: [program], project: null }),
};

const eslint = new ESLint({
  cache: true,
  cacheLocation: ESLINT_CACHE,
  cacheStrategy: 'content',
  overrideConfig: [{ files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: parserOverProgram } }],
});
const results = await eslint.lintFiles(['.']);
const printed = await (await eslint.loadFormatter('stylish')).format(results);
if (printed) process.stdout.write(printed);
const lintErrors = results.reduce((sum, result) => sum + result.errorCount, 0);

process.exitCode = diagnostics.length > 0 || lintErrors > 0 ? 1 : 0;
