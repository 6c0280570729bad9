import { parseFields } from "../../syntax/parse-fields.ts";
import { parseWhere } from "../../syntax/parse-where.ts";
import { type Command, readQueryTexts } from "../command.ts";
import { EXIT } from "../failure.ts";

export const astCommand: Command = {
  name: "ast",
  summary: "print the AST of a filter and/or a selection as JSON",
  help: `Usage: qaql ast [--where W] [--fields F]

Prints the AST (plain JSON with source spans) of the filter or of the selection; with both,
an object {"where": …, "fields": …}.

Options:
  --where W      the filter
  --fields F     the selection
  -h, --help     this help

Exit status: 0 done, 1 invalid text, 2 usage error.`,
  options: { where: { type: "string" }, fields: { type: "string" } },
  maxPositionals: 0,
  async run(invocation, context) {
    const { where, fields } = readQueryTexts(invocation, "ast");
    const whereAst = where === undefined ? undefined : parseWhere(where);
    const fieldsAst = fields === undefined ? undefined : parseFields(fields);
    const tree =
      whereAst && fieldsAst ? { where: whereAst, fields: fieldsAst } : (whereAst ?? fieldsAst);
    context.stdout.write(`${JSON.stringify(tree, null, 2)}\n`);
    return EXIT.ok;
  },
};
