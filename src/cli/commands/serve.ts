import { readFile } from "node:fs/promises";
import { type DumpResources, readResources } from "../../dump/read-resources.ts";
import type { InvalidUtf8Mode } from "../../dump/utf8.ts";
import { InvalidOptionError } from "../../errors/invalid-input.ts";
import { SchemaDefinitionError } from "../../errors/schema-definition-error.ts";
import { inferSchema } from "../../schema/infer-schema.ts";
import { type ApiResourceName, RESOURCE_SCHEMAS } from "../../schema/resources.ts";
import { didYouMean, type Schema } from "../../schema/schema.ts";
import { type ApiUser, createApiServer } from "../../server/api-server.ts";
import { digestPassword } from "../../server/password-digest.ts";
import { TRANSLATIONS_MEMBER } from "../../server/translations.ts";
import { type Command, type Invocation, stringOption } from "../command.ts";
import { CliError, describeSystemError, EXIT, UsageError } from "../failure.ts";
import {
  CLI_OPTION_NAMES,
  loadSchema,
  nameInputError,
  openInput,
  readUsersFile,
} from "../inputs.ts";
import { INVALID_UTF8_OPTION, invalidUtf8Help, readInvalidUtf8 } from "../invalid-utf8-option.ts";
import { trimMemoryWhileServing } from "./serve-memory.ts";

const DEFAULT_PORT = 8080;

function readWhole(
  invocation: Invocation,
  name: string,
  min: number,
  max: number,
): number | undefined {
  const text = stringOption(invocation, name);
  if (text === undefined) return undefined;
  const value = /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= min && value <= max)) {
    throw new UsageError(
      `--${name} must be a whole number from ${min} to ${max}, not ${JSON.stringify(text)}`,
      "serve",
    );
  }
  return value;
}

/**
 * `--user` and `--password`, else `QAQL_USER` and `QAQL_PASSWORD`, so no secret need sit in `ps`;
 * none at all when permanent tokens are the only way in.
 */
function readCredentials(
  invocation: Invocation,
  env: NodeJS.ProcessEnv,
  hasTokens: boolean,
): { user?: string; password?: string } {
  const user = stringOption(invocation, "user") ?? env.QAQL_USER;
  const password = stringOption(invocation, "password") ?? env.QAQL_PASSWORD;
  if (hasTokens && !user && !password) return {};
  if (!user || !password) {
    throw new UsageError(
      "give the credentials of GET /api/token with --user and --password (or QAQL_USER and QAQL_PASSWORD), or --tokens FILE",
      "serve",
    );
  }
  if (user.includes(":")) {
    throw new UsageError(
      "--user cannot hold a colon, which Basic credentials use to split it",
      "serve",
    );
  }
  return { user, password };
}

/** `--tokens FILE`: one permanent token per line; blank lines and lines starting `#` are skipped. */
async function readTokens(file: string | undefined): Promise<string[]> {
  if (file === undefined) return [];
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new CliError(
      `cannot read --tokens ${JSON.stringify(file)}: ${describeSystemError(error)}`,
    );
  }
  const tokens = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  if (tokens.length === 0) {
    throw new CliError(`--tokens ${JSON.stringify(file)} holds no token (one per line)`);
  }
  return tokens;
}

/** `--digest-password`: the scrypt digest of the password on stdin (its last line break left out). */
async function printDigest(
  stdin: NodeJS.ReadableStream,
  stdout: NodeJS.WritableStream,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.from(chunk as Uint8Array));
  const password = Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
  if (password === "")
    throw new CliError("--digest-password reads the password from stdin, which is empty");
  stdout.write(`${await digestPassword(password)}\n`);
}

/**
 * Reads the whole dump into memory through the dump reader, as `qaql filter` reads it: each
 * array member of an object is a resource (`resource` keeps only one); a JSON array or NDJSON
 * is served as `resource`, which it then needs. FILE `-` is stdin, no FILE the shipped sample.
 */
async function loadDump(
  file: string | undefined,
  resource: string | undefined,
  stdin: NodeJS.ReadableStream,
  invalidUtf8: InvalidUtf8Mode,
): Promise<Record<string, object[]>> {
  const input = await openInput(file, stdin);
  let dump: DumpResources;
  try {
    dump = await readResources(input.bytes, {
      resource,
      invalidUtf8,
      optionNames: CLI_OPTION_NAMES,
    });
  } catch (error) {
    throw nameInputError(error, input);
  }
  const entries: [string, object[]][] = [];
  for (const [name, records] of dump.resources) {
    if (name === undefined) {
      const what = dump.shape === "ndjson" ? "NDJSON" : "an array of records";
      throw new CliError(`${input.name} is ${what}: name its resource with --resource`);
    }
    if (name === "token") {
      throw new CliError(
        `${input.name}: a resource cannot be named "token", the path of GET /api/token`,
      );
    }
    if (name === "") {
      throw new CliError(`${input.name}: a resource cannot be named "", which has no path`);
    }
    entries.push([name, records]);
  }
  // fromEntries defines own properties, so even a "__proto__" member stays a resource.
  return Object.fromEntries(entries);
}

/** A resource's schema learnt from its records; one too wide to learn is said in one line. */
function inferResourceSchema(resource: string, records: readonly object[]): Schema {
  try {
    return inferSchema(records);
  } catch (error) {
    if (!(error instanceof SchemaDefinitionError)) throw error;
    const problem = error.message.replace(/^inferSchema: /, "");
    throw new CliError(
      `cannot learn the schema of ${JSON.stringify(resource)}: ${problem.replace(/; raise maxFields or give a schema$/, "")}; give it --schema, or --no-infer-schema`,
    );
  }
}

/** `--schema artefacts=artefact,findings=F.json`: the schema of each resource named. */
async function readSchemas(
  option: string | undefined,
  resources: readonly string[],
): Promise<Record<string, Schema>> {
  const schemas: Record<string, Schema> = {};
  if (option === undefined) return schemas;
  for (const pair of option.split(",")) {
    const equals = pair.indexOf("=");
    if (equals <= 0) {
      throw new UsageError(
        `--schema takes RESOURCE=SCHEMA pairs separated by commas, not ${JSON.stringify(pair)}`,
        "serve",
      );
    }
    const resource = pair.slice(0, equals);
    if (!resources.includes(resource)) {
      throw new CliError(
        `--schema names ${JSON.stringify(resource)}, which the dump does not hold (it has ${resources.join(", ")})${didYouMean(resource, resources)}`,
      );
    }
    const schema = await loadSchema(pair.slice(equals + 1));
    if (schema) Object.defineProperty(schemas, resource, { value: schema, enumerable: true });
  }
  return schemas;
}

function describeListenError(error: unknown, host: string, port: number): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const where = `${host}:${port}`;
  if (code === "EADDRINUSE") {
    return `cannot listen on ${where}: the port is in use; choose another with --port (0 for any free port)`;
  }
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return `cannot listen on ${where}: no such address on this machine (${code})`;
  }
  return `cannot listen on ${where}: ${describeSystemError(error)}`;
}

/** How often a server that npm or npx started looks whether its parent is still there. */
const PARENT_CHECK_MS = 500;

/**
 * Resolves at the first SIGINT or SIGTERM, or, for a server npm or npx started (`npm_command`
 * in the environment), once that parent has gone: npx passes no signal on to the command it
 * runs, so `npx qaql serve &` then `kill $!` would leave the server holding its port.
 */
function waitForStop(env: Readonly<Record<string, string | undefined>>): Promise<void> {
  return new Promise((resolve) => {
    let watch: ReturnType<typeof setInterval> | undefined;
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      clearInterval(watch);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    if (env.npm_command !== undefined) {
      const parent = process.ppid;
      watch = setInterval(() => {
        if (process.ppid !== parent) stop();
      }, PARENT_CHECK_MS);
    }
  });
}

export const serveCommand: Command = {
  name: "serve",
  summary: "serve a dump over HTTP as the API's routes",
  help: `Usage: qaql serve [FILE|-] --user U --password P [--users FILE] [--tokens FILE]
                  [--port N] [--host H] [--resource NAME] [--schema RESOURCE=S,...]
                  [--no-infer-schema] [--language L] [--vendor V] [--default-size N]
                  [--max-size N] [--invalid-utf8 error|replace]
       qaql serve --digest-password < password.txt

A reference server of the API over a dump held in memory (FILE, - for stdin, or the sample
dump shipped with qaql). FILE is a dump object or list response (each array but _links is a
resource), a JSON array or NDJSON (give its resource with --resource), read as qaql filter
reads it.

  GET /api/token                       Basic user:password -> {"token", "expiresIn": 3600, ...}
  DELETE /api/token                    revokes the Bearer token it is sent with (204)
  GET /api/<resource>                  ?where&fields&page&size -> {"_links", "<resource>": [...]}
  GET /api/<resource>/<id>             ?fields -> the record whose "id" it is
  GET /api/projects/<name>/artefacts   the list of the artefacts of the project of that name
  GET /api/artefacts/<id>/findings     the list of the findings in the artefact or below it
  POST /api/artefacts/<id>/query       a query definition (JSON) -> {"columns", "rows", "total"}
  GET /api/versions/<id>/artefacts/<id>  the artefact, when the version is its project's
  GET /api/dump                        every record the user sees, as a dump

Every other request takes "Authorization: Bearer <token>"; a token expires an hour after its
issue or after 15 minutes without a request (403); a token of --tokens never expires. A user
gets 20 tokens at once, then one a second (429 with Retry-After), and holds at most 10,000. The accept header picks
application/vnd.<vendor>.app-v2+json, ...app-latest+json or application/json; the timezone
header is the IANA zone of date filters (default: the user's, else UTC), and accept-language
the language of the texts (default: the user's, else --language), which where and fields read
too; the answer says both (Content-Language, timezone). Errors are JSON, in English, with the
diagnostic and its position for a bad where, fields, page or size (400).

Options:
  --user U          the user of GET /api/token (default: $QAQL_USER)
  --password P      its password (default: $QAQL_PASSWORD, which keeps it out of ps)
  --users FILE      more users, as JSON: {"ann": {"passwordDigest": "$scrypt$...",
                    "projects": [101, "billing"], "policies": {"findings": {"selectable":
                    "id,status", "where": "status!=IGNORED"}}, "permanentTokens": [...],
                    "language": "fr", "timeZone": "Europe/Paris"}}; each sees only its
                    projects and what is in them (grammar/language.md 6.10)
  --tokens FILE     permanent Bearer tokens, one per line (20 or more token68 characters;
                    # starts a comment), which see everything; with --users or --tokens,
                    --user and --password may be left out
  --digest-password print the digest of the password read from stdin, for --users, and exit
  --port N          the port, 0 for any free one (default ${DEFAULT_PORT})
  --host H          the address to listen on (default 127.0.0.1; 0.0.0.0: every interface)
  --resource NAME   serve only this array of the dump; names an array's or NDJSON's records
  --schema R=S,...  type and validate resource R's where and fields by S (project, artefact,
                    finding, model, version or a JSON file); without one, an API resource
                    (projects, artefacts, findings, models, versions) has the API's schema, the
                    one qaql conformance checks with, and another's is learnt from its records
                    (every field they hold, typed by its values): a mistyped field is a 400
  --no-infer-schema
                    no schema for a resource without --schema: values are typed one by one,
                    a date held as text is compared as text, and an unknown field matches nothing
  --language L      the language of the dump's texts, answered when a request asks for no
                    other (default en); its _translations give the others (Accept-Language)
  --vendor V        the vendor in the versioned media types (default qaql)
  --default-size N  the page size when a request gives none (default 20)
  --max-size N      the largest page size accepted (default 1000)
${invalidUtf8Help(20)}
  -h, --help        this help

When ready, prints one line: "qaql serve: listening on http://HOST:PORT/api (resources: ...)".
Stops on Ctrl-C or SIGTERM, and when npm or npx, which started it, has gone. Exit status: 0 stopped, 1 unreadable dump or busy port, 2 usage
error.`,
  options: {
    user: { type: "string" },
    password: { type: "string" },
    tokens: { type: "string" },
    users: { type: "string" },
    "digest-password": { type: "boolean" },
    language: { type: "string" },
    port: { type: "string", short: "p" },
    host: { type: "string" },
    resource: { type: "string" },
    schema: { type: "string" },
    "no-infer-schema": { type: "boolean" },
    vendor: { type: "string" },
    "default-size": { type: "string" },
    "max-size": { type: "string" },
    ...INVALID_UTF8_OPTION,
  },
  maxPositionals: 1,
  async run(invocation, context) {
    if (invocation.values["digest-password"] === true) {
      await printDigest(context.stdin, context.stdout);
      return EXIT.ok;
    }
    const permanentTokens = await readTokens(stringOption(invocation, "tokens"));
    const users = await readUsersFile(stringOption(invocation, "users"));
    const { user, password } = readCredentials(
      invocation,
      context.env,
      permanentTokens.length > 0 || users !== undefined,
    );
    const port = readWhole(invocation, "port", 0, 65_535) ?? DEFAULT_PORT;
    const host = stringOption(invocation, "host") ?? "127.0.0.1";
    const maxSize = readWhole(invocation, "max-size", 1, Number.MAX_SAFE_INTEGER);
    const defaultSize = readWhole(invocation, "default-size", 1, Number.MAX_SAFE_INTEGER);
    if (defaultSize !== undefined && defaultSize > (maxSize ?? 1000)) {
      throw new UsageError(
        "--default-size cannot be larger than --max-size (default 1000)",
        "serve",
      );
    }
    const vendor = stringOption(invocation, "vendor");
    if (vendor !== undefined && !/^[A-Za-z0-9][A-Za-z0-9.-]*$/.test(vendor)) {
      throw new UsageError(
        `--vendor must be letters, digits, "." and "-", not ${JSON.stringify(vendor)}`,
        "serve",
      );
    }
    const invalidUtf8 = readInvalidUtf8(invocation, "serve");
    const data = await loadDump(
      invocation.positionals[0],
      stringOption(invocation, "resource"),
      context.stdin,
      invalidUtf8,
    );
    // The dump's translations are no resource (grammar/language.md 6.11).
    const resources = Object.keys(data).filter((name) => name !== TRANSLATIONS_MEMBER);
    const schemas = await readSchemas(stringOption(invocation, "schema"), resources);
    if (invocation.values["no-infer-schema"] !== true) {
      for (const resource of resources) {
        if (Object.hasOwn(schemas, resource)) continue;
        // The API's schema where there is one, so that the conformance kit reads dates as the server does.
        const schema = Object.hasOwn(RESOURCE_SCHEMAS, resource)
          ? RESOURCE_SCHEMAS[resource as ApiResourceName]
          : inferResourceSchema(resource, data[resource] ?? []);
        Object.defineProperty(schemas, resource, { value: schema, enumerable: true });
      }
    }
    let server: ReturnType<typeof createApiServer>;
    try {
      server = createApiServer({
        data,
        user,
        password,
        language: stringOption(invocation, "language"),
        ...(users ? { users: users as Record<string, ApiUser> } : {}),
        permanentTokens,
        vendor,
        defaultSize,
        maxSize,
        schemas,
        onInternalError: (error) => {
          const message = error instanceof Error ? error.message : String(error);
          context.stderr.write(`qaql serve: internal error: ${message}\n`);
        },
      });
    } catch (error) {
      // A permanent token too short or not token68 is the file's fault, said in one line.
      if (error instanceof InvalidOptionError && error.option === "permanentTokens") {
        const problem = error.message.replace(`${error.caller}: option ${error.option}: `, "");
        throw new CliError(`--tokens: ${problem}`);
      }
      // A user the server cannot take is the users file's fault, named as such.
      if (error instanceof InvalidOptionError && error.option === "language") {
        throw new UsageError(
          `--language: ${error.message.replace(/^.*?option language: /, "")}`,
          "serve",
        );
      }
      if (error instanceof InvalidOptionError && error.option === "data") {
        throw new CliError(`the dump's ${error.message.replace(/^.*?option data: /, "")}`);
      }
      if (error instanceof InvalidOptionError && users !== undefined) {
        throw new CliError(`--users: ${error.message.replace(`${error.caller}: `, "")}`);
      }
      throw error;
    }
    let url: string;
    try {
      ({ url } = await server.listen(port, host));
    } catch (error) {
      throw new CliError(describeListenError(error, host, port));
    }
    const stopped = waitForStop(context.env);
    const trim = trimMemoryWhileServing();
    context.stdout.write(`qaql serve: listening on ${url} (resources: ${resources.join(", ")})\n`);
    await stopped;
    trim.stop();
    await server.close();
    return EXIT.ok;
  },
};
