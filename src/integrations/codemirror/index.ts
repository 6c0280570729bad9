// CodeMirror 6 support for the two languages, its own entry `qaql/codemirror`: the @codemirror
// packages are optional peer dependencies, which the main entry never loads.

export type { QaqlFieldsOptions, QaqlWhereOptions } from "./qaql-language.ts";
export { formatQuery, qaqlFields, qaqlWhere } from "./qaql-language.ts";
