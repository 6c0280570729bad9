import { parseArgs } from "node:util";
import { QueryError } from "../errors/errors.ts";
import { UnknownTimeZoneError } from "../errors/unknown-time-zone-error.ts";
import { nearestName } from "../schema/schema.ts";
import type { Command, CommandContext, Invocation } from "./command.ts";
import { astCommand } from "./commands/ast.ts";
import { checkCommand } from "./commands/check.ts";
import { conformanceCommand } from "./commands/conformance.ts";
import { filterCommand } from "./commands/filter.ts";
import { fmtCommand } from "./commands/fmt.ts";
import { openapiCommand } from "./commands/openapi.ts";
import { queryCommand } from "./commands/query.ts";
import { serveCommand } from "./commands/serve.ts";
import { sqlCommand } from "./commands/sql.ts";
import { CliError, EXIT, UsageError } from "./failure.ts";
import { packageVersion } from "./package-version.ts";
import { styleMessage } from "./terminal.ts";

/** Every command, in the order `qaql --help` lists them. */
const COMMANDS: readonly Command[] = [
  filterCommand,
  checkCommand,
  fmtCommand,
  astCommand,
  sqlCommand,
  queryCommand,
  serveCommand,
  openapiCommand,
  conformanceCommand,
];

const MAIN_HELP = `Usage: qaql <command> [options]

The where filter and fields selection languages of the quality-analysis REST API, on dumps.

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(12)} ${command.summary}`).join("\n")}

Run "qaql <command> --help" for a command's options. "qaql --version" prints the version.`;

/** Whether an argument names one of the command's options (`--name`, `--name=…`, `-x`). */
function isOptionOf(command: Command, arg: string): boolean {
  if (arg.startsWith("--")) {
    const name = arg.slice(2).split("=")[0] as string;
    return name === "help" || Object.hasOwn(command.options, name);
  }
  const short = /^-([A-Za-z])$/.exec(arg)?.[1];
  return (
    short !== undefined &&
    (short === "h" || Object.values(command.options).some((option) => option.short === short))
  );
}

/**
 * Joins `--page -1` into `--page=-1` and `--token -Zx9…` into `--token=-Zx9…`, as a user means
 * them: parseArgs takes a value that starts with a dash for an option and calls it ambiguous,
 * though no option of the command is spelt so (a token68 token may start with "-").
 */
function joinDashedValues(command: Command, args: readonly string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const next = args[i + 1];
    const name = arg.startsWith("--") ? arg.slice(2) : undefined;
    const takesValue = name !== undefined && command.options[name]?.type === "string";
    if (takesValue && next?.startsWith("-") && !isOptionOf(command, next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else joined.push(arg);
  }
  return joined;
}

/** ": did you mean --where?" for an unknown option near one of the command's, else "". */
function optionHint(command: Command, error: unknown): string {
  if ((error as NodeJS.ErrnoException).code !== "ERR_PARSE_ARGS_UNKNOWN_OPTION") return "";
  const typed = /'--?([^'=]+)/.exec((error as Error).message)?.[1];
  const names = [...Object.keys(command.options), "help"];
  const nearest = typed === undefined ? undefined : nearestName(typed, names);
  return nearest === undefined ? "" : `: did you mean --${nearest}?`;
}

/** Parses a command's arguments; unknown options and stray arguments are usage errors. */
function invoke(
  command: Command,
  args: readonly string[],
  context: CommandContext,
): Promise<number> | number {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: joinDashedValues(command, args),
      options: { ...command.options, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    // parseArgs names the option in its message; its first sentence is the useful part.
    const message = (error as Error).message.split(/\.\s/)[0] ?? "invalid arguments";
    throw new UsageError(message.replace(/\.$/, "") + optionHint(command, error), command.name);
  }
  if (parsed.values.help) {
    context.stdout.write(`${command.help}\n`);
    return EXIT.ok;
  }
  if (parsed.positionals.length > command.maxPositionals) {
    const extra = parsed.positionals[command.maxPositionals];
    throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`, command.name);
  }
  // A string option, a boolean one, or a `multiple` one's strings.
  const values = parsed.values as Invocation["values"];
  return command.run({ values, positionals: parsed.positionals }, context);
}

/** Runs `qaql` with the arguments after the program name; resolves to the exit status. */
export async function main(args: readonly string[], context: CommandContext): Promise<number> {
  const [name, ...rest] = args;
  const style = context.errStyle;
  const fail = (message: string) => context.stderr.write(`${style.error("qaql")}: ${message}\n`);
  try {
    if (name === undefined || name === "--help" || name === "-h" || name === "help") {
      (name === undefined ? context.stderr : context.stdout).write(`${MAIN_HELP}\n`);
      return name === undefined ? EXIT.usage : EXIT.ok;
    }
    if (name === "--version" || name === "-v") {
      context.stdout.write(`${packageVersion()}\n`);
      return EXIT.ok;
    }
    const command = COMMANDS.find((candidate) => candidate.name === name);
    if (!command) {
      const nearest = nearestName(
        name,
        COMMANDS.map((candidate) => candidate.name),
      );
      const hint = nearest === undefined ? "" : `: did you mean ${nearest}?`;
      throw new UsageError(`unknown command ${JSON.stringify(name)}${hint}`);
    }
    return await invoke(command, rest, context);
  } catch (error) {
    if (error instanceof UsageError) {
      const help = error.command ? `qaql ${error.command} --help` : "qaql --help";
      fail(`${error.message} (see "${help}")`);
      return EXIT.usage;
    }
    if (error instanceof QueryError) {
      context.stderr.write(`${styleMessage(error.message, style)}\n`);
      return EXIT.invalid;
    }
    if (error instanceof CliError || error instanceof UnknownTimeZoneError) {
      fail(error.message);
      return EXIT.invalid;
    }
    // A bug of qaql's own: still one line, with a way to see more.
    fail(`internal error: ${error instanceof Error ? error.message : String(error)}`);
    if (context.env.QAQL_DEBUG) context.stderr.write(`${(error as Error).stack ?? ""}\n`);
    return 70;
  }
}
