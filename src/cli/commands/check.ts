import { type CheckResult, checkText } from "../check/check-text.ts";
import { reportJson } from "../check/report-json.ts";
import { reportSarif } from "../check/report-sarif.ts";
import { reportText } from "../check/report-text.ts";
import { type CheckedText, inlineText, readTextsFile } from "../check/texts.ts";
import { type Command, stringOption } from "../command.ts";
import { EXIT, UsageError } from "../failure.ts";
import { loadSchema } from "../inputs.ts";

const FORMATS = ["text", "json", "sarif"] as const;
type Format = (typeof FORMATS)[number];

export const checkCommand: Command = {
  name: "check",
  summary: "check filters and/or selections, with diagnostics (text, JSON or SARIF)",
  help: `Usage: qaql check [--where W] [--fields F] [--where-file FILE] [--fields-file FILE]
                  [--schema S] [--format text|json|sarif]

Checks where filters and/or fields selections (grammar/language.md 2, 3), and against a schema
when --schema is given. Texts come from --where and --fields, and many at once from
--where-file and --fields-file: one text per line (blank lines and lines whose first non-blank
character is # are skipped), or, for a file named *.json, an object of named texts
{ "name": "type.id=FOLDER", ... } whose values are strings. "-" reads stdin (one per line).

Every problem of a text is reported at once, syntax and schema. A day-shaped value that names
no day (2024-02-30) compared with a field whose values are untyped (no schema, or an "any"
field) is a warning (NOT_A_CALENDAR_DAY): the text stays valid.

Formats, on stdout:
  text    (default) per text "valid" with the canonical form, and every problem with a caret
          under its position; a text from a file starts with FILE:LINE: or FILE "NAME":
  json    one document { "valid", "texts": [{ "source", "language", "text", "valid",
          "canonical" (when valid), "problems": [{ "code", "level", "message", "offset", "length",
          "line", "column", "suggestion" (when there is one) }] }] }; "source" is
          { "option" }, { "file", "line" } or { "file", "name" }; offset, length (UTF-16
          units), line and column are in the text
  sarif   a SARIF 2.1.0 log for code-scanning tools: one run of tool "qaql", a rule per code
          that occurs, one result (level "error" or "warning") per problem, located in the
          file at its line and column (1-based, UTF-16 units, end column exclusive); an inline text is
          at the URI qaql:where or qaql:fields, stdin at qaql:stdin
A text reports at most its first 100 problems: text then says "… and N more problems", json
adds "problemCount" (all of them) and "truncated": true, sarif a warning notification in the
run's invocation with properties.problemCount.

Options:
  --where W            a filter to check
  --fields F           a selection to check
  --where-file FILE    filters to check, from FILE or - (stdin)
  --fields-file FILE   selections to check, from FILE or - (stdin)
  --schema S           project, artefact, finding, or a JSON file holding a schema shape (grammar/language.md 4)
  --format F           text, json or sarif (default text)
  -h, --help           this help

Exit status: 0 all valid, 1 any invalid (or a file that cannot be read), 2 usage error.`,
  options: {
    where: { type: "string" },
    fields: { type: "string" },
    "where-file": { type: "string" },
    "fields-file": { type: "string" },
    schema: { type: "string" },
    format: { type: "string" },
  },
  maxPositionals: 0,
  async run(invocation, context) {
    const format = stringOption(invocation, "format") ?? "text";
    if (!(FORMATS as readonly string[]).includes(format)) {
      throw new UsageError(
        `--format must be text, json or sarif, not ${JSON.stringify(format)}`,
        "check",
      );
    }
    const where = stringOption(invocation, "where");
    const fields = stringOption(invocation, "fields");
    const whereFile = stringOption(invocation, "where-file");
    const fieldsFile = stringOption(invocation, "fields-file");
    if ([where, fields, whereFile, fieldsFile].every((option) => option === undefined)) {
      throw new UsageError(
        "give --where, --fields or both, or --where-file, --fields-file",
        "check",
      );
    }
    if (whereFile === "-" && fieldsFile === "-") {
      throw new UsageError("only one of --where-file and --fields-file can read stdin", "check");
    }
    const schema = await loadSchema(stringOption(invocation, "schema"));
    const texts: CheckedText[] = [];
    if (where !== undefined) texts.push(inlineText("where", where));
    if (whereFile !== undefined)
      texts.push(...(await readTextsFile(whereFile, "where", context.stdin)));
    if (fields !== undefined) texts.push(inlineText("fields", fields));
    if (fieldsFile !== undefined) {
      texts.push(...(await readTextsFile(fieldsFile, "fields", context.stdin)));
    }
    const results: CheckResult[] = texts.map((text) => checkText(text, schema));
    const reports: Record<Format, () => string> = {
      text: () => reportText(results, context.outStyle),
      json: () => reportJson(results),
      sarif: () => reportSarif(results),
    };
    context.stdout.write(reports[format as Format]());
    return results.every((result) => result.valid) ? EXIT.ok : EXIT.invalid;
  },
};
