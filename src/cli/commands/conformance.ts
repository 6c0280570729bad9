import type { ConformanceUserView } from "../../conformance/index.ts";
import { InvalidOptionError } from "../../errors/invalid-input.ts";
import { RESOURCE_SCHEMAS } from "../../schema/resources.ts";
import { readServerUsers, type ServerUser, type ServerUsers } from "../../server/users.ts";
import { type Command, requiredOption, stringOption } from "../command.ts";
import { coverageText } from "../conformance/coverage-text.ts";
import { formatJunit, formatJunitError } from "../conformance/junit.ts";
import { runConformance } from "../conformance/run-conformance.ts";
import { prepareVectorsDir, writeVectors } from "../conformance/vectors.ts";
import { CliError, EXIT, UsageError } from "../failure.ts";
import { loadSchema, readUsersFile } from "../inputs.ts";
import { Progress } from "../progress.ts";

/** A repeatable option's values, in the order given. */
function listOption(invocation: Parameters<Command["run"]>[0], name: string): string[] {
  const value = invocation.values[name];
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : [];
}

function readCount(invocation: Parameters<Command["run"]>[0], name: string): number | undefined {
  const text = stringOption(invocation, name);
  if (text === undefined) return undefined;
  const value = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
  const positive = name !== "seed";
  if (!Number.isSafeInteger(value) || (positive && value < 1)) {
    throw new UsageError(
      `--${name} must be ${positive ? "a positive" : "an"} integer, not ${JSON.stringify(text)}`,
      "conformance",
    );
  }
  return value;
}

/** `--timeout S`, in ms: a positive number of seconds, fractions allowed. */
function readTimeout(invocation: Parameters<Command["run"]>[0]): number | undefined {
  const text = stringOption(invocation, "timeout");
  if (text === undefined) return undefined;
  const seconds = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  const ms = Math.round(seconds * 1000);
  if (!(ms >= 1 && Number.isSafeInteger(ms))) {
    throw new UsageError(
      `--timeout must be a positive number of seconds, not ${JSON.stringify(text)}`,
      "conformance",
    );
  }
  return ms;
}

/**
 * What the user of each token sees, from a users file of `qaql serve --users`, read as the
 * server reads it: a token in a user's `permanentTokens` is that user's; its policy for the
 * list, its zone and its language.
 */
function viewsOf(
  users: Record<string, unknown> | undefined,
  tokens: readonly string[],
  resource: string,
): Record<string, ConformanceUserView> | undefined {
  if (users === undefined) return undefined;
  let read: ServerUsers;
  try {
    read = readServerUsers({ users });
  } catch (error) {
    if (error instanceof TypeError) throw new CliError(`--users: ${error.message}`);
    throw error;
  }
  const views: Record<string, ConformanceUserView> = {};
  for (const { token, user } of read.permanentTokens) {
    if (user === undefined || !tokens.includes(token)) continue;
    if (Object.hasOwn(views, token)) {
      throw new CliError(`--users: the token of "${user}" is another user's too`);
    }
    const { policies, timeZone, language } = read.users.get(user) as ServerUser;
    const policy = Object.hasOwn(policies, resource) ? policies[resource] : undefined;
    views[token] = {
      ...(policy !== undefined && { policy }),
      ...(timeZone !== undefined && { timeZone }),
      ...(language !== undefined && { language }),
    };
  }
  return views;
}

export const conformanceCommand: Command = {
  name: "conformance",
  summary: "check a live server's list requests against the reference semantics",
  help: `Usage: qaql conformance --url URL --token T [--token T2 ...] (--resource R | --route PATH)
                        [--schema S] [--language L ...] [--default-size N] [--max-size N]
                        [--user U --password P] [--probes N] [--runs N] [--seed S]
                        [--path P] [--timeout S] [--format text|json|junit]
                        [--vectors DIR] [--users FILE]

Fetches every record of the list once (following the list's next links), then checks, comparing
each answer with the reference evaluation of the same records (items, their order, projection
and key order, and every _links):
  - the default and largest page size, errors in every parameter (status and code), and the
    token flow (missing, malformed, unknown, Basic; revoked with --user and --password);
  - the grammar's probes, the same in every run: a request for each error code (a * inside a
    pattern, an unknown field, a value of the wrong type, ...), each keyword in every letter
    case (AND, and, And, aNd) and with the white space before or after it left out, each limit
    at and one past its value (8192 characters, 64 parentheses, 1024 names of a selection, the
    largest page and size), each merge rule of a selection (a.b,a and a,a.b are a; a.b,a.c is
    a(b,c)), and Accept-Language with *, q-values, q=0 and a region (fr-CH is fr) for the
    languages given;
  - probes: one-predicate filters whose literals sit next to the data (stored values and
    their near misses: case flipped, a space added, cut, a wildcard or an astral character
    put in, other digit counts, the day either side of midnight in some zone), selections of
    two members of one object or of one a record lacks, and a size=1 walk through a small
    result;
  - generated filters, selections and pages (fast-check), in every spelling the grammar allows.
It also asks for records one by one at URL/<resource>/<id>, the item route, so the server must
have one. The first disagreement is printed with a curl line that repeats it and, for a list,
as a vector of grammar/conformance (the records a filter was wrong about, a page cut wrongly,
or a request to refuse); a generated one is shrunk first, and printed with the seed and path
that replay it. The report lists what the run exercised and what the data could not.

Options:
  --url URL        the API's base, such as http://127.0.0.1:8080/api
  --token T        sent as "Authorization: Bearer T" (qaql serve: GET /api/token); give it
                   again for other users: each user's records are fetched and its answers
                   checked against its own, and a record another user sees that this one
                   does not must be the same 404 as a record nobody has
  --users FILE     the users file of qaql serve --users (JSON, users by name): a --token
                   in a user's permanentTokens is that user's, and its requests are checked
                   as the user sees them: a field its policy for the resource hides
                   (selectable, filterable) must be the 400 UNKNOWN_FIELD of an unknown one,
                   dates without a timezone header are read in its timeZone, and answers
                   without Accept-Language are in its language
  --language L     a language the server has, asked for with Accept-Language (repeatable):
                   the records are fetched in it too, and its answers must say it
                   (Content-Language) and hold its texts; it is also asked for with
                   q-values, q=0 and a region
  --resource R     the resource to test, such as artefacts; with --route, the name of the
                   list in its answers (default: the route's last segment)
  --route PATH     a nested list below --url to test instead, such as
                   projects/payments-core/artefacts; its items are fetched at
                   URL/<resource>/<id>
  --schema S       project, artefact, finding, or a JSON file holding a schema shape:
                   the fields the generated filters and selections use (default: the API's
                   schema of the resource, for projects, artefacts and findings)
  --default-size N the page size the server answers without size (default 20), and
  --max-size N     the largest it takes (default 1000): checked once, with the token flow
                   (a list asked for without a token, with an unknown one or with Basic
                   credentials must be a 401)
  --user U         a user's Basic credentials: a token is then taken from URL/token
  --password P     and revoked with DELETE URL/token, and must then be refused
  --probes N       the most probes to send after the grammar's (default 1000; 0 for none,
                   the grammar's too)
  --runs N         generated requests to send (default 100)
  --seed S         fast-check's seed, to repeat a run
  --path P         with --seed, replay one reported counterexample
  --timeout S      the seconds one answer may take, its body read (default 30); one that
                   sends nothing for 10 s (or half of S) is cut. An answer is read up to
                   16 MiB, next links are followed to the last page the first page names
                   (at most 10,000 pages), the records fetched are held up to 64 MiB of
                   JSON, and no request goes to another origin than --url's, nor follows a
                   redirect: the token goes nowhere else. Each ends the run with exit 1.
  --format F       text (default); json: the report as runConformance returns it; junit:
                   JUnit XML for CI, a <testcase> per check (each fixed check, the probes of
                   each field, the selection probes, the size=1 walk, the generated requests
                   as one), with a <failure> holding the disagreement and <skipped> for the
                   checks it kept from running or the options leave out
  --vectors DIR    on a disagreement, write DIR/<resource>-<seed>.json (seed, path, request,
                   expected, received, curl line, vector) and, when there is a vector,
                   DIR/<resource>-<seed>.vector.json, the vector alone as a file of
                   grammar/conformance; DIR is made if missing, before any request
  -h, --help       this help

Exit status: 0 the server agrees, 1 it disagrees (or cannot be read), 2 usage error.`,
  options: {
    url: { type: "string" },
    token: { type: "string", multiple: true },
    language: { type: "string", multiple: true },
    resource: { type: "string" },
    route: { type: "string" },
    schema: { type: "string" },
    runs: { type: "string" },
    "default-size": { type: "string" },
    "max-size": { type: "string" },
    seed: { type: "string" },
    path: { type: "string" },
    user: { type: "string" },
    password: { type: "string" },
    probes: { type: "string" },
    timeout: { type: "string" },
    format: { type: "string" },
    vectors: { type: "string" },
    users: { type: "string" },
  },
  maxPositionals: 0,
  async run(invocation, context) {
    const required = (name: string) => requiredOption(invocation, name, "conformance");
    const url = required("url");
    if (!/^https?:\/\//.test(url)) {
      throw new UsageError(
        `--url must be an http(s) URL, not ${JSON.stringify(url)}`,
        "conformance",
      );
    }
    const tokens = listOption(invocation, "token");
    const [token, ...otherTokens] = tokens;
    if (token === undefined) throw new UsageError("--token is required", "conformance");
    if (tokens.includes("")) throw new UsageError("--token cannot be empty", "conformance");
    const languages = listOption(invocation, "language");
    const route = stringOption(invocation, "route");
    const resource =
      route === undefined ? required("resource") : stringOption(invocation, "resource");
    const schema = await loadSchema(stringOption(invocation, "schema"));
    // The list's name, as runConformance reads it: --resource, else the route's last segment.
    const listName = resource ?? route?.split("/").filter(Boolean).at(-1) ?? "";
    if (schema === undefined && !Object.hasOwn(RESOURCE_SCHEMAS, listName)) {
      throw new UsageError(
        `--schema is required for ${JSON.stringify(listName)}: only projects, artefacts and findings have a default`,
        "conformance",
      );
    }
    const path = stringOption(invocation, "path");
    const seed = readCount(invocation, "seed");
    if (path !== undefined && seed === undefined) {
      throw new UsageError("--path replays a case of one run: give its --seed too", "conformance");
    }
    const format = stringOption(invocation, "format") ?? "text";
    if (format !== "text" && format !== "json" && format !== "junit") {
      throw new UsageError(
        `--format must be text, json or junit, not ${JSON.stringify(format)}`,
        "conformance",
      );
    }
    const user = stringOption(invocation, "user");
    const password = stringOption(invocation, "password");
    if ((user === undefined) !== (password === undefined)) {
      throw new UsageError("--user and --password go together", "conformance");
    }
    if (user?.includes(":")) {
      throw new UsageError("--user cannot hold a colon (Basic credentials)", "conformance");
    }
    const probesText = stringOption(invocation, "probes");
    if (probesText !== undefined && !/^\d+$/.test(probesText)) {
      throw new UsageError(
        `--probes must be a whole number, not ${JSON.stringify(probesText)}`,
        "conformance",
      );
    }
    // Every usage error before anything is read or written (the users file, the vectors' folder).
    const counts = {
      runs: readCount(invocation, "runs"),
      defaultSize: readCount(invocation, "default-size"),
      maxSize: readCount(invocation, "max-size"),
      timeoutMs: readTimeout(invocation),
    };
    const users = viewsOf(await readUsersFile(stringOption(invocation, "users")), tokens, listName);
    const vectors = stringOption(invocation, "vectors");
    if (vectors !== undefined) await prepareVectorsDir(vectors);
    const progress = new Progress(context.stderr);
    const running = runConformance({
      url,
      token,
      ...(otherTokens.length > 0 && { otherTokens }),
      ...(languages.length > 0 && { languages }),
      ...(users && { users }),
      resource,
      route,
      ...(schema && { schema }),
      ...counts,
      seed,
      path,
      ...(user !== undefined && { credentials: { user, password: password as string } }),
      ...(probesText !== undefined && { probes: Number(probesText) }),
      onRequest: (count) => progress.update(() => `${count} requests`),
    });
    // A CI reader gets a document, with an <error>, for a server the run could not read.
    const report = await running.catch((error: unknown) => {
      // A view the users file gives that the run cannot take is the file's fault, named so.
      if (error instanceof InvalidOptionError && error.option === "users") {
        throw new CliError(`--users: ${error.message.replace(`${error.caller}: `, "")}`);
      }
      if (format === "junit" && error instanceof CliError) {
        context.stdout.write(formatJunitError(listName, error.message));
      }
      throw error;
    });
    progress.finish();
    if (vectors !== undefined && !report.ok) {
      const written = await writeVectors(vectors, report);
      context.stderr.write(`qaql: wrote ${written.join(" and ")}\n`);
    }
    const out = context.stdout;
    if (format === "junit") {
      out.write(formatJunit(report));
      return report.ok ? EXIT.ok : EXIT.invalid;
    }
    if (format === "json") {
      const { ok: _ok, ...data } = report;
      out.write(`${JSON.stringify(data, null, 2)}\n`);
      return report.ok ? EXIT.ok : EXIT.invalid;
    }
    if (report.ok) {
      out.write(
        `${context.outStyle.ok("agrees")}: ${report.probes} probes and ${report.runs} generated requests over ${report.records} ${report.resource}` +
          `${report.users > 1 ? ` (the first of ${report.users} users)` : ""} ` +
          `matched the reference (seed ${report.seed})\n${coverageText(report.coverage)}`,
      );
      return EXIT.ok;
    }
    const { disagreement: d } = report;
    const found = report.path
      ? `found after ${report.runs} generated requests, shrunk in ${report.shrinks} steps over ${report.records} ${report.resource}; ` +
        `replay: --seed ${report.seed} --path ${report.path}`
      : `found by ${report.probes > 0 ? `probe ${report.probes}` : "a check every run makes"} over ${report.records} ${report.resource}; the same --seed ${report.seed} repeats it`;
    out.write(
      `${context.outStyle.error("disagrees")}: ${d.reason}\n` +
        `  request:  ${d.request}${d.timeZone ? `  (timezone: ${d.timeZone})` : ""}\n` +
        `  expected: ${d.expected}\n` +
        `  received: ${d.received}\n` +
        `  ${found}\n` +
        `  repeat it: ${d.curl}\n` +
        (d.vector
          ? `  as a vector of grammar/conformance/README.md, for the server's own tests:\n${JSON.stringify(d.vector)}\n`
          : "") +
        coverageText(report.coverage),
    );
    return EXIT.invalid;
  },
};
