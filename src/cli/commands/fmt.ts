import { formatFields } from "../../backends/format/format-fields.ts";
import { formatWhere } from "../../backends/format/format-where.ts";
import { type Command, parseQueryTexts, QUERY_TEXT_HELP, QUERY_TEXT_OPTIONS } from "../command.ts";
import { EXIT } from "../failure.ts";

export const fmtCommand: Command = {
  name: "fmt",
  summary: "print a filter and/or a selection in canonical form",
  help: `Usage: qaql fmt [--where W] [--fields F]

Prints the canonical form (grammar/language.md 2.6, 3.3) of the filter, then of the selection,
one per line. An invalid text is reported on stderr with a caret under its position.

${QUERY_TEXT_HELP}`,
  options: QUERY_TEXT_OPTIONS,
  maxPositionals: 0,
  async run(invocation, context) {
    const { where, fields } = parseQueryTexts(invocation, "fmt");
    const lines: string[] = [];
    if (where !== undefined) lines.push(formatWhere(where));
    if (fields !== undefined) lines.push(formatFields(fields));
    context.stdout.write(`${lines.join("\n")}\n`);
    return EXIT.ok;
  },
};
