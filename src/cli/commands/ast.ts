import { type Command, parseQueryTexts, QUERY_TEXT_HELP, QUERY_TEXT_OPTIONS } from "../command.ts";
import { EXIT } from "../failure.ts";

export const astCommand: Command = {
  name: "ast",
  summary: "print the AST of a filter and/or a selection as JSON",
  help: `Usage: qaql ast [--where W] [--fields F]

Prints the AST (plain JSON with source spans) of the filter or of the selection; with both,
an object {"where": …, "fields": …}.

${QUERY_TEXT_HELP}`,
  options: QUERY_TEXT_OPTIONS,
  maxPositionals: 0,
  async run(invocation, context) {
    const { where, fields } = parseQueryTexts(invocation, "ast");
    const tree = where && fields ? { where, fields } : (where ?? fields);
    context.stdout.write(`${JSON.stringify(tree, null, 2)}\n`);
    return EXIT.ok;
  },
};
