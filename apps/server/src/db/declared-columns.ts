// The columns `Database` declares, read from the TypeScript sources with the compiler's type
// checker (interfaces vanish at run time). schema.int.test.ts compares them with the migrated
// database (decision 0070); there is no hand copy of them to keep in step (issue 27).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export type Nullability = 'nullable' | 'not null';
export type Columns = Record<string, Record<string, Nullability>>;

const here = dirname(fileURLToPath(import.meta.url));
const probeFile = join(here, '__declared-columns-probe.ts');

// Each column with the nullability its select type implies (a Generated<number> is not null).
const probeText = `
import type { SelectType } from 'kysely';
import type { Database } from './schema';
export type Declared = {
  [T in keyof Database]: {
    [C in keyof Database[T]]-?: null extends SelectType<Database[T][C]> ? 'nullable' : 'not null';
  };
};
`;

/** Every table of `Database` (db/schema.ts) and each of its columns with its nullability. */
export function declaredColumns(): Columns {
  const configFile = ts.findConfigFile(here, ts.sys.fileExists, 'tsconfig.json');
  if (!configFile) throw new Error('no tsconfig.json above db/');
  const config = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${configFile}`);
  // No ambient types: the tables need none, and @types/node is most of the parsing.
  const options = { ...config.options, noEmit: true, skipLibCheck: true, types: [] };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === probeFile
      ? ts.createSourceFile(name, probeText, language)
      : getSourceFile(name, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === probeFile || fileExists(name);
  const program = ts.createProgram([probeFile], options, host);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(probeFile);
  const alias = source?.statements.find(ts.isTypeAliasDeclaration);
  if (!source || !alias) throw new Error('the probe did not compile');
  const problems = program.getSemanticDiagnostics(source);
  if (problems.length > 0) throw new Error(ts.formatDiagnostics(problems, host).slice(0, 2000));
  const declared = checker.getTypeAtLocation(alias);
  const columns: Columns = {};
  for (const table of checker.getPropertiesOfType(declared)) {
    const tableType = checker.getTypeOfSymbolAtLocation(table, alias);
    const row: Record<string, Nullability> = {};
    for (const column of checker.getPropertiesOfType(tableType)) {
      const type = checker.getTypeOfSymbolAtLocation(column, alias);
      const value = type.isStringLiteral() ? type.value : checker.typeToString(type);
      if (value !== 'nullable' && value !== 'not null')
        throw new Error(`${table.name}.${column.name}: cannot tell its nullability (${value})`);
      row[column.name] = value;
    }
    columns[table.name] = row;
  }
  return columns;
}
