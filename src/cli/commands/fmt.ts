import { formatFields } from "../../backends/format/format-fields.ts";
import { formatWhere } from "../../backends/format/format-where.ts";
import { parseFields } from "../../syntax/parse-fields.ts";
import { parseWhere } from "../../syntax/parse-where.ts";
import { type Command, readQueryTexts } from "../command.ts";
import { EXIT } from "../failure.ts";

export const fmtCommand: Command = {
  name: "fmt",
  summary: "print a filter and/or a selection in canonical form",
  help: `Usage: qaql fmt [--where W] [--fields F]

Prints the canonical form (grammar/language.md 2.6, 3.3) of the filter, then of the selection, one per
line. An invalid text is reported on stderr with a caret under its position.

Options:
  --where W      the filter
  --fields F     the selection
  -h, --help     this help

Exit status: 0 done, 1 invalid text, 2 usage error.`,
  options: { where: { type: "string" }, fields: { type: "string" } },
  maxPositionals: 0,
  async run(invocation, context) {
    const { where, fields } = readQueryTexts(invocation, "fmt");
    const lines: string[] = [];
    if (where !== undefined) lines.push(formatWhere(parseWhere(where)));
    if (fields !== undefined) lines.push(formatFields(parseFields(fields)));
    context.stdout.write(`${lines.join("\n")}\n`);
    return EXIT.ok;
  },
};
