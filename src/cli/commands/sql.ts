import { toSql } from "../../api/to-sql.ts";
import type { ColumnSpec, SqlQuery } from "../../backends/sql/compile-sql.ts";
import { type DialectName, dialects } from "../../backends/sql/dialects.ts";
import { InvalidOptionError } from "../../errors/invalid-input.ts";
import { type Command, requiredOption, stringOption } from "../command.ts";
import { CliError, EXIT, UsageError } from "../failure.ts";
import { loadSchema, readJsonFile } from "../inputs.ts";

type ColumnMap = Readonly<Record<string, string | ColumnSpec>>;

async function loadColumns(path: string | undefined): Promise<ColumnMap | undefined> {
  if (path === undefined) return undefined;
  const map = await readJsonFile(path, "column map");
  if (typeof map !== "object" || map === null || Array.isArray(map)) {
    throw new CliError(
      `the column map ${JSON.stringify(path)} must be an object of field -> column`,
    );
  }
  return map as ColumnMap;
}

export const sqlCommand: Command = {
  name: "sql",
  summary: "compile a filter to a parameterised SQL condition",
  help: `Usage: qaql sql --where W --dialect D --schema S [--columns MAP.json | --json COLUMN]
                [--time-zone Z]

Prints {"sql", "params"} as JSON: the condition of a WHERE clause selecting the rows the filter
selects in memory, with every value in params.

Options:
  --where W        the filter
  --dialect D      ${Object.keys(dialects).join(", ")}
  --schema S       project, artefact, finding, or a JSON file holding a schema shape
  --columns FILE   a JSON object of field path -> column name, or -> {"column", "dateStorage"}
  --json COLUMN    read every field from this JSON column instead of columns
  --time-zone Z    the IANA zone whose calendar days dates mean (default UTC)
  -h, --help       this help

Exit status: 0 done, 1 invalid filter or file, 2 usage error.`,
  options: {
    where: { type: "string" },
    dialect: { type: "string" },
    schema: { type: "string" },
    columns: { type: "string" },
    json: { type: "string" },
    "time-zone": { type: "string" },
  },
  maxPositionals: 0,
  async run(invocation, context) {
    const where = requiredOption(invocation, "where", "sql");
    const dialect = requiredOption(invocation, "dialect", "sql");
    const schemaOption = stringOption(invocation, "schema");
    const columnsPath = stringOption(invocation, "columns");
    const json = stringOption(invocation, "json");
    if (!Object.hasOwn(dialects, dialect)) {
      throw new UsageError(
        `unknown dialect ${JSON.stringify(dialect)}: expected ${Object.keys(dialects).join(", ")}`,
        "sql",
      );
    }
    if (schemaOption === undefined) {
      throw new UsageError("--schema is required: every field must be known to be safe", "sql");
    }
    if (columnsPath !== undefined && json !== undefined) {
      throw new UsageError("--columns and --json exclude each other", "sql");
    }
    const schema = await loadSchema(schemaOption);
    const columns = await loadColumns(columnsPath);
    let query: SqlQuery;
    try {
      query = toSql(where, {
        dialect: dialect as DialectName,
        schema,
        columns,
        json,
        timeZone: stringOption(invocation, "time-zone"),
      });
    } catch (error) {
      // Only the column map comes from a file whose content toSql checks as an option.
      if (error instanceof InvalidOptionError && error.option.startsWith("columns")) {
        throw new CliError(
          `the column map ${JSON.stringify(columnsPath)}: ${error.message.replace(/^toSql: /, "")}`,
        );
      }
      throw error;
    }
    context.stdout.write(`${JSON.stringify(query, null, 2)}\n`);
    return EXIT.ok;
  },
};
