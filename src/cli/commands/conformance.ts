import { RESOURCE_SCHEMAS } from "../../schema/resources.ts";
import { type Command, requiredOption, stringOption } from "../command.ts";
import { runConformance } from "../conformance/run-conformance.ts";
import { EXIT, UsageError } from "../failure.ts";
import { loadSchema } from "../inputs.ts";
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

export const conformanceCommand: Command = {
  name: "conformance",
  summary: "check a live server's list requests against the reference semantics",
  help: `Usage: qaql conformance --url URL --token T [--token T2 ...] (--resource R | --route PATH)
                        [--schema S] [--language L ...] [--default-size N] [--max-size N]
                        [--runs N] [--seed S] [--path P]

Fetches every record of the list once (following the list's next links), then sends
generated filters, selections and pages (fast-check) and compares each answer with the reference
evaluation of the same records: items, their order and projection, and the _links. It also asks
for records one by one at URL/<resource>/<id>, the item route, so the server must have one. The
first disagreement is shrunk to a minimal request and printed with the seed that reproduces it.

Options:
  --url URL        the API's base, such as http://127.0.0.1:8080/api
  --token T        sent as "Authorization: Bearer T" (qaql serve: GET /api/token); give it
                   again for other users: each user's records are fetched and its answers
                   checked against its own, and a record another user sees that this one
                   does not must be the same 404 as a record nobody has
  --language L     a language the server has, asked for with Accept-Language (repeatable):
                   the records are fetched in it too, and its answers must say it
                   (Content-Language) and hold its texts
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
  --runs N         requests to send (default 100)
  --seed S         fast-check's seed, to repeat a run
  --path P         with --seed, replay one reported counterexample
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
    const progress = new Progress(context.stderr);
    const report = await runConformance({
      url,
      token,
      ...(otherTokens.length > 0 && { otherTokens }),
      ...(languages.length > 0 && { languages }),
      resource,
      route,
      ...(schema && { schema }),
      runs: readCount(invocation, "runs"),
      defaultSize: readCount(invocation, "default-size"),
      maxSize: readCount(invocation, "max-size"),
      seed,
      path,
      onRequest: (count) => progress.update(() => `${count} requests`),
    });
    progress.finish();
    const out = context.stdout;
    if (report.ok) {
      out.write(
        `${context.outStyle.ok("agrees")}: ${report.runs} generated requests over ${report.records} ${report.resource}` +
          `${report.users > 1 ? ` (the first of ${report.users} users)` : ""} ` +
          `matched the reference (seed ${report.seed})\n`,
      );
      return EXIT.ok;
    }
    const { disagreement: d } = report;
    out.write(
      `${context.outStyle.error("disagrees")}: ${d.reason}\n` +
        `  request:  GET ${d.request}${d.timeZone ? `  (timezone: ${d.timeZone})` : ""}\n` +
        `  expected: ${d.expected}\n` +
        `  received: ${d.received}\n` +
        `  found after ${report.runs} requests, shrunk in ${report.shrinks} steps over ${report.records} ${report.resource}; ` +
        `replay: --seed ${report.seed} --path ${report.path}\n`,
    );
    return EXIT.invalid;
  },
};
