import { openDump } from "../../dump/filter-dump.ts";
import type { InvalidUtf8Mode } from "../../dump/utf8.ts";
import type { DefinitionIssue } from "../../errors/query-definition-error.ts";
import { UnknownArtefactError } from "../../errors/unknown-artefact-error.ts";
import { stringifyJson } from "../../json/stringify-json.ts";
import type { Artefact } from "../../query/artefact.ts";
import { safeParseQueryDefinition } from "../../query/definition.ts";
import type { CellValue, QueryResult, ResultRow } from "../../query/query-result.ts";
import { runQuery } from "../../query/run-query.ts";
import type { QueryDefinition } from "../../query/types.ts";
import { type Command, type CommandContext, type Invocation, stringOption } from "../command.ts";
import { CliError, EXIT, UsageError } from "../failure.ts";
import { CLI_OPTION_NAMES, nameInputError, openInput, readJsonFile } from "../inputs.ts";
import { INVALID_UTF8_OPTION, invalidUtf8Help, readInvalidUtf8 } from "../invalid-utf8-option.ts";

const OUTPUTS = ["json", "table"] as const;
type OutputFormat = (typeof OUTPUTS)[number];

/** One issue of the definition on a line: where (JSON Pointer), what, and its code. */
function describeIssue(issue: DefinitionIssue): string {
  // Intervals and patterns are small languages of their own: say where inside the string.
  const inside =
    issue.text === undefined ? "" : ` (at offset ${issue.offset} of ${JSON.stringify(issue.text)})`;
  return `${issue.pointer || "/"}: ${issue.message}${inside} [${issue.code}]`;
}

async function readArtefacts(
  file: string | undefined,
  invalidUtf8: InvalidUtf8Mode,
  context: CommandContext,
): Promise<Artefact[]> {
  const input = await openInput(file, context.stdin);
  const artefacts: Artefact[] = [];
  try {
    const options = { resource: "artefacts", invalidUtf8 };
    for await (const batch of openDump("query", input.bytes, options, CLI_OPTION_NAMES).batches()) {
      for (const record of batch) {
        const id = record.id;
        if (typeof id !== "number" && typeof id !== "string") {
          throw new CliError(
            `${input.name}: record ${artefacts.length + 1} is not an artefact (an object with an id)`,
          );
        }
        artefacts.push(record as unknown as Artefact);
      }
    }
  } catch (error) {
    throw nameInputError(error, input);
  }
  return artefacts;
}

/** A cell as table text: "-" for a missing value, blank for a column excluded for the row's type. */
function showCell(cell: CellValue | null | undefined): string {
  if (cell === undefined) return "";
  if (cell === null) return "-";
  return typeof cell === "object" ? String(cell.value) : String(cell);
}

/** The result as an aligned text table, numbers to the right, then a line counting the rows. */
function formatTable(result: QueryResult, definition: QueryDefinition): string {
  const fixed: [string, (row: ResultRow) => CellValue | null | undefined][] = [
    ["id", (row) => row.id],
    ["name", (row) => row.name],
    ["type", (row) => row.type],
  ];
  if (!definition.hidePath) fixed.push(["path", (row) => row.path]);
  if (!definition.hideRating) fixed.push(["rating", (row) => row.rating]);
  const readers = [
    ...fixed,
    ...result.columns.map((column): (typeof fixed)[number] => [
      column.key,
      (row) => row.cells[column.key],
    ]),
  ];
  const header = readers.map(([name]) => name);
  const numeric = header.map(() => true);
  const widths = header.map((name) => name.length);
  const lines = result.rows.map((row) =>
    readers.map(([, read], i) => {
      const value = read(row);
      const inner = typeof value === "object" && value !== null ? value.value : value;
      if (typeof inner === "string") numeric[i] = false;
      const text = showCell(value);
      widths[i] = Math.max(widths[i] ?? 0, text.length);
      return text;
    }),
  );
  const render = (cells: readonly string[], isHeader: boolean) =>
    cells
      .map((cell, i) => {
        const width = widths[i] ?? 0;
        return numeric[i] && !isHeader ? cell.padStart(width) : cell.padEnd(width);
      })
      .join("  ")
      .trimEnd();
  return [
    render(header, true),
    ...lines.map((line) => render(line, false)),
    `${result.rows.length} of ${result.total} rows`,
  ].join("\n");
}

/** The result as indented JSON, which a value of the dump nested deep enough makes too long. */
function formatJson(result: QueryResult): string {
  try {
    return stringifyJson(result, 2);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new CliError(
      "the result is too large to write as indented JSON: a value of the dump is nested too deep for its indentation to fit in a string; --output table writes it",
    );
  }
}

async function run(invocation: Invocation, context: CommandContext): Promise<number> {
  const format = (stringOption(invocation, "output") ?? "json") as OutputFormat;
  if (!OUTPUTS.includes(format)) {
    throw new UsageError(`--output must be json or table, not ${JSON.stringify(format)}`, "query");
  }
  const invalidUtf8 = readInvalidUtf8(invocation, "query");
  const definitionPath = stringOption(invocation, "definition");
  if (definitionPath === undefined) throw new UsageError("--definition FILE is required", "query");
  const parsed = safeParseQueryDefinition(await readJsonFile(definitionPath, "definition"));
  const name = JSON.stringify(definitionPath);
  for (const warning of parsed.warnings) {
    context.stderr.write(
      `qaql: ${context.errStyle.caret("warning")}: definition ${name}: ${describeIssue(warning)}\n`,
    );
  }
  if (!parsed.success) {
    const { issues, issueCount } = parsed.error;
    const count = issueCount === 1 ? "1 problem" : `${issueCount} problems`;
    const shown = issueCount > issues.length ? ` (the first ${issues.length} listed)` : "";
    context.stderr.write(
      `${context.errStyle.error("qaql")}: the definition ${name} has ${count}${shown}:\n`,
    );
    for (const issue of issues) context.stderr.write(`  ${describeIssue(issue)}\n`);
    const more = issueCount - issues.length;
    if (more > 0) context.stderr.write(`  … and ${more} more\n`);
    return EXIT.invalid;
  }
  const artefacts = await readArtefacts(invocation.positionals[0], invalidUtf8, context);
  const artefactId = stringOption(invocation, "artefact");
  let result: QueryResult;
  try {
    result = runQuery(parsed.data, artefacts, artefactId === undefined ? {} : { artefactId });
  } catch (error) {
    if (error instanceof UnknownArtefactError) throw new CliError(`--artefact: ${error.message}`);
    throw error;
  }
  context.stdout.write(
    `${format === "json" ? formatJson(result) : formatTable(result, parsed.data)}\n`,
  );
  return EXIT.ok;
}

export const queryCommand: Command = {
  name: "query",
  summary: "run an artefact query definition (API 2.6) over a dump",
  help: `Usage: qaql query --definition FILE [DUMP|-] [--artefact ID] [--output json|table]
                  [--invalid-utf8 error|replace]

Runs the query definition in FILE (the body of POST /artefacts/{artefact-id}/query) over the
artefacts of DUMP (- for stdin; the sample dump shipped with qaql when absent): a dump object's
"artefacts" array, a list response, a JSON array or NDJSON of artefact records.

Options:
  --definition FILE  the query definition (JSON); its problems are listed with their JSON
                     Pointers (the first 100, then how many more)
  --artefact ID      run from this artefact: its descendants, or its links with linkType;
                     without it, all artefacts
  --output F         json (default): {columns, rows, total}; table: aligned text, where "-" is
                     a missing value and a blank cell a column excluded for the row's type
${invalidUtf8Help(21)}
  -h, --help         this help

Warnings about the definition go to stderr.
Exit status: 0 done, 1 invalid definition, input or artefact, 2 usage error.`,
  options: {
    definition: { type: "string" },
    artefact: { type: "string" },
    output: { type: "string" },
    ...INVALID_UTF8_OPTION,
  },
  maxPositionals: 1,
  run,
};
