import { formatFields } from "../../backends/format/format-fields.ts";
import { formatWhere } from "../../backends/format/format-where.ts";
import { QueryError, QueryValidationError } from "../../errors/errors.ts";
import { parseFields } from "../../syntax/parse-fields.ts";
import { parseWhere } from "../../syntax/parse-where.ts";
import { type Command, readQueryTexts, stringOption } from "../command.ts";
import { EXIT } from "../failure.ts";
import { loadSchema } from "../inputs.ts";
import { styleMessage } from "../terminal.ts";

/** Each problem of an error as its own caret diagnostic (a validation error may list several). */
function diagnostics(error: QueryError, language: "where" | "fields"): string[] {
  if (!(error instanceof QueryValidationError) || error.issues.length === 1) return [error.message];
  return error.issues.map(
    (issue) => new QueryValidationError(language, error.input, [issue]).message,
  );
}

export const checkCommand: Command = {
  name: "check",
  summary: "check a filter and/or a selection, with diagnostics",
  help: `Usage: qaql check [--where W] [--fields F] [--schema S]

Checks a where filter and/or a fields selection (grammar/language.md 2, 3), and against a schema when
--schema is given. Prints "valid" with the canonical form, or every problem with a caret under
its position, on stdout.

Options:
  --where W      the filter to check
  --fields F     the selection to check
  --schema S     project, artefact, finding, or a JSON file holding a schema shape (grammar/language.md 4)
  -h, --help     this help

Exit status: 0 valid, 1 invalid, 2 usage error.`,
  options: {
    where: { type: "string" },
    fields: { type: "string" },
    schema: { type: "string" },
  },
  maxPositionals: 0,
  async run(invocation, context) {
    const { where, fields } = readQueryTexts(invocation, "check");
    const schema = await loadSchema(stringOption(invocation, "schema"));
    const style = context.outStyle;
    const lines: string[] = [];
    let valid = true;
    const check = (language: "where" | "fields", format: () => string) => {
      try {
        lines.push(`${language}: ${style.ok("valid")}, canonical form: ${format()}`);
      } catch (error) {
        if (!(error instanceof QueryError)) throw error;
        valid = false;
        for (const message of diagnostics(error, language))
          lines.push(styleMessage(message, style));
      }
    };
    if (where !== undefined) check("where", () => formatWhere(parseWhere(where, { schema })));
    if (fields !== undefined) {
      check("fields", () => formatFields(parseFields(fields, { schema })));
    }
    context.stdout.write(`${lines.join("\n")}\n`);
    return valid ? EXIT.ok : EXIT.invalid;
  },
};
