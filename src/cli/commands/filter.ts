import { stat } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { compileFields } from "../../api/compile-fields.ts";
import type { FieldsNode } from "../../ast/fields.ts";
import type { WhereExpression } from "../../ast/where.ts";
import { calendarOf } from "../../backends/predicate/calendar.ts";
import type { Projection } from "../../backends/projection/compile-projection.ts";
import type { UnseenField } from "../../dump/field-presence.ts";
import { LEARNING_BYTES, type TypeChange } from "../../dump/learnt-schema.ts";
import type { InvalidUtf8Mode } from "../../dump/utf8.ts";
import { QueryValidationError } from "../../errors/errors.ts";
import { stringifyJson } from "../../json/stringify-json.ts";
import { PageWindow } from "../../list/page-window.ts";
import { pageLinks } from "../../list/paginate.ts";
import { buildQueryString } from "../../list/query-string.ts";
import { readListRequest } from "../../list/read-list-request.ts";
import { notADayWarnings } from "../../schema/date-warnings.ts";
import type { Schema } from "../../schema/schema.ts";
import { type Command, type CommandContext, type Invocation, stringOption } from "../command.ts";
import { EXIT, UsageError } from "../failure.ts";
import { ENGINES, type EngineChoice, openMatches } from "../filter-engines.ts";
import { type Input, loadSchema, nameInputError, openInput, samplePath } from "../inputs.ts";
import { INVALID_UTF8_OPTION, invalidUtf8Help, readInvalidUtf8 } from "../invalid-utf8-option.ts";
import { fileOutput, type Output, stdoutOutput } from "../output.ts";
import { Progress } from "../progress.ts";

const OUTPUTS = ["json", "ndjson"] as const;
type OutputFormat = (typeof OUTPUTS)[number];

/** What `filter` was asked for, read and checked before any input is opened. */
interface FilterPlan {
  readonly where: WhereExpression | undefined;
  readonly fields: FieldsNode | undefined;
  readonly page: number;
  readonly size: number;
  readonly paginated: boolean;
  readonly schema: Schema | undefined;
  readonly timeZone: string | undefined;
  readonly project: Projection | undefined;
  readonly resource: string | undefined;
  readonly format: OutputFormat;
  readonly invalidUtf8: InvalidUtf8Mode;
  readonly trustInput: boolean;
  readonly jobs: number;
  readonly engine: EngineChoice;
  readonly whereText: string | undefined;
  /** Without --schema, learn one from the dump's head (grammar/language.md 10.7). */
  readonly inferSchema: boolean;
}

/** `--jobs N`: a whole number from 1; the machine's cores without it. */
function readJobs(invocation: Invocation): number {
  const text = stringOption(invocation, "jobs");
  if (text === undefined) return availableParallelism();
  const jobs = /^[1-9][0-9]{0,3}$/.test(text) ? Number(text) : Number.NaN;
  if (!(jobs <= MAX_JOBS)) {
    throw new UsageError(
      `--jobs must be a whole number from 1 to ${MAX_JOBS}, not ${JSON.stringify(text)}`,
      "filter",
    );
  }
  return jobs;
}

/** More threads than this only cost memory: each holds a compiled plan and a stretch's matches. */
const MAX_JOBS = 256;

async function plan(invocation: Invocation): Promise<FilterPlan> {
  const format = (stringOption(invocation, "output") ?? "json") as OutputFormat;
  if (!OUTPUTS.includes(format)) {
    throw new UsageError(
      `--output must be json or ndjson, not ${JSON.stringify(format)}`,
      "filter",
    );
  }
  const engine = (stringOption(invocation, "engine") ?? "auto") as EngineChoice;
  if (!ENGINES.includes(engine)) {
    throw new UsageError(
      `--engine must be js, duckdb or auto, not ${JSON.stringify(engine)}`,
      "filter",
    );
  }
  const jobs = readJobs(invocation);
  const schema = await loadSchema(stringOption(invocation, "schema"));
  const parameters = new URLSearchParams();
  for (const name of ["where", "fields", "page", "size"]) {
    const value = stringOption(invocation, name);
    if (value !== undefined) parameters.set(name, value);
  }
  // The command line has no maximum page size: the whole dump may be one page.
  const request = readListRequest(parameters, { schema, maxSize: Number.MAX_SAFE_INTEGER });
  const timeZone = stringOption(invocation, "time-zone");
  // A mistyped zone is reported even when no filter needs it.
  if (timeZone !== undefined) calendarOf(timeZone);
  return {
    ...request,
    schema,
    timeZone,
    project: request.fields && compileFields(request.fields),
    resource: stringOption(invocation, "resource"),
    format,
    invalidUtf8: readInvalidUtf8(invocation, "filter"),
    trustInput: invocation.values["trust-input"] === true,
    jobs,
    engine,
    whereText: stringOption(invocation, "where"),
    inferSchema: invocation.values["no-infer-schema"] !== true,
  };
}

const textDecoder = new TextDecoder();
const LINE_BREAK = 0x0a;
const COMMA = 0x2c;

/** Writes matches as a JSON array, a list response (when paginated) or NDJSON, as they come. */
class ResultWriter {
  private readonly output: Output;
  private readonly plan: FilterPlan;
  private written = 0;
  private opened = false;
  private joined = new Uint8Array(0);

  constructor(output: Output, plan: FilterPlan) {
    this.output = output;
    this.plan = plan;
  }

  private opening(resource: string): string {
    if (this.plan.format === "ndjson") return "";
    return this.plan.paginated ? `{${JSON.stringify(resource)}:[` : "[";
  }

  async writeBatch(texts: readonly string[], resource: string): Promise<void> {
    if (texts.length === 0) return;
    let chunk = this.open(resource);
    const json = this.plan.format === "json";
    for (const text of texts) {
      chunk += json ? `${this.written === 0 ? "\n" : ",\n"}${text}` : `${text}\n`;
      this.written++;
    }
    await this.output.write(chunk);
  }

  /** Writes `count` matches given as UTF-8 lines of JSON text, as `writeBatch` writes them. */
  async writeLines(lines: Uint8Array, count: number, resource: string): Promise<void> {
    if (count === 0) return;
    const opening = this.open(resource);
    if (this.plan.format === "json") {
      await this.output.write(`${opening}${this.written === 0 ? "\n" : ",\n"}`);
      await this.output.write(this.joinLines(lines, count));
    } else {
      if (opening !== "") await this.output.write(opening);
      await this.output.write(lines);
    }
    this.written += count;
  }

  /**
   * The lines as array elements: a comma before each line break, the last break dropped. As
   * bytes, in one buffer reused batch after batch (a write of bytes returns once they are
   * written): as text, each batch cost four copies the size of its lines, two of them in UTF-16.
   */
  private joinLines(lines: Uint8Array, count: number): Uint8Array {
    const size = lines.length + count - 2;
    if (this.joined.length < size) this.joined = new Uint8Array(size);
    const joined = this.joined;
    // Buffer's search and copy, which allocate nothing a line.
    const source = Buffer.from(lines.buffer, lines.byteOffset, lines.length);
    const last = lines.length - 1;
    let at = 0;
    let from = 0;
    for (let end = source.indexOf(LINE_BREAK); end !== -1 && end < last; ) {
      at += source.copy(joined, at, from, end);
      joined[at++] = COMMA;
      joined[at++] = LINE_BREAK;
      from = end + 1;
      end = source.indexOf(LINE_BREAK, from);
    }
    source.copy(joined, at, from, last);
    return joined.subarray(0, size);
  }

  /** The output's opening, the first time only. */
  private open(resource: string): string {
    if (this.opened) return "";
    this.opened = true;
    return this.opening(resource);
  }

  async finish(resource: string, matches: number): Promise<void> {
    let chunk = this.opened ? "" : this.opening(resource);
    if (this.plan.format === "json") {
      chunk += this.written > 0 ? "\n]" : "]";
      if (this.plan.paginated) {
        const selfUrl = `/api/${encodeURIComponent(resource)}?${buildQueryString({
          ...(this.plan.where && { where: this.plan.where }),
          ...(this.plan.fields && { fields: this.plan.fields }),
          page: this.plan.page,
          size: this.plan.size,
        })}`;
        const links = pageLinks(selfUrl, this.plan, matches);
        chunk += `,\n"_links":${JSON.stringify(links)}}`;
      }
      chunk += "\n";
    }
    await this.output.write(chunk);
  }
}

/** The size of a regular file, or undefined when it is none or cannot be read. */
async function fileSize(path: string): Promise<number | undefined> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats.size : undefined;
  } catch {
    return undefined;
  }
}

function describeProgress(
  records: number | undefined,
  matched: number,
  bytes: number | undefined,
  seconds: number,
): string {
  const matching = `${matched.toLocaleString("en-US")} matching`;
  if (records === undefined || bytes === undefined) return `DuckDB: ${matching}`;
  const mb = bytes / 1e6;
  return (
    `${records.toLocaleString("en-US")} records, ${matching}, ` +
    `${mb.toFixed(1)} MB, ${(mb / seconds).toFixed(1)} MB/s`
  );
}

async function run(invocation: Invocation, context: CommandContext): Promise<number> {
  const filterPlan = await plan(invocation);
  const { project } = filterPlan;
  const { whereText } = filterPlan;
  // A schema learnt from the dump says what a day-shaped value is once the head is read.
  const untyped = filterPlan.schema === undefined && !filterPlan.inferSchema;
  if (filterPlan.where && whereText !== undefined && (filterPlan.schema || untyped)) {
    reportNotADay(whereText, filterPlan.where, filterPlan.schema, context);
  }
  const file = invocation.positionals[0];
  if (file === undefined && filterPlan.resource === undefined) {
    throw new UsageError(
      "the sample dump holds projects, artefacts and findings: choose one with --resource",
      "filter",
    );
  }
  const path = file === "-" ? undefined : (file ?? samplePath());
  // The size decides `auto`; a file that cannot be read is left to openInput to report.
  const size = path === undefined ? undefined : await fileSize(path);
  let input: Input | undefined;
  const openOnce = async () => {
    input ??= await openInput(file, context.stdin);
    return input;
  };
  const outPath = stringOption(invocation, "out");
  const output = outPath === undefined ? stdoutOutput(context.stdout) : fileOutput(outPath);
  const progress = new Progress(context.stderr);

  // Without --page or --size, the whole list is one page.
  const window = filterPlan.paginated
    ? new PageWindow<object>(filterPlan.page, filterPlan.size)
    : new PageWindow<object>(1, Number.POSITIVE_INFINITY);
  // NDJSON carries no links, so nothing needs counting past the page.
  const countAll = filterPlan.format === "json" && filterPlan.paginated;
  const writer = new ResultWriter(output, filterPlan);
  let resource = filterPlan.resource ?? "items";
  try {
    const matches = await openMatches(filterPlan.engine, path, size, filterPlan, openOnce);
    // The selection is applied here, to the page's matches only.
    for await (const batch of matches.batches()) {
      if (matches.resource !== undefined && filterPlan.resource === undefined) {
        resource = matches.resource;
      }
      if ("lines" in batch) {
        const { from, to } = window.countRun(batch.matches);
        if (from === 0 && to === batch.matches) {
          await writer.writeLines(batch.lines, batch.matches, resource);
        } else if (from < to) {
          const texts = textDecoder.decode(batch.lines).split("\n").slice(from, to);
          await writer.writeBatch(texts, resource);
        }
        matches.release?.(batch);
      } else {
        window.addAll(batch);
        const texts = window
          .takeItems()
          .map((record) => stringifyJson(project ? project(record) : record));
        await writer.writeBatch(texts, resource);
      }
      progress.update((seconds) =>
        describeProgress(matches.recordsRead, window.total, matches.bytesRead, seconds),
      );
      if (output.closed || (window.full && !countAll)) break;
    }
    progress.finish();
    await writer.finish(resource, window.total);
    await output.commit();
    const unseen = matches.unseenFields();
    reportUnseen(unseen, matches.recordsRead ?? 0, context);
    const changes = matches.typeChanges();
    reportTypeChanges(changes, context);
    reportDatesReadAsText(matches.datesReadAsText(), context);
    const doubtful = unseen.length > 0 || changes.length > 0;
    return doubtful && invocation.values.strict === true ? EXIT.invalid : EXIT.ok;
  } catch (error) {
    progress.finish();
    await output.abort();
    throw input ? nameInputError(error, input) : error;
  }
}

/** Warns, on stderr, of a day-shaped value that names no day where values are untyped. */
function reportNotADay(
  text: string,
  where: WhereExpression,
  schema: Schema | undefined,
  context: CommandContext,
): void {
  for (const issue of notADayWarnings(where, schema)) {
    const warning = new QueryValidationError("where", text, [issue]);
    context.stderr.write(`${context.errStyle.warning("qaql")}: warning: ${warning.message}\n`);
  }
}

/** Tells, on stderr, of each field of --where the whole dump types otherwise than its head did. */
function reportTypeChanges(changes: readonly TypeChange[], context: CommandContext): void {
  for (const { path, learnt, read } of changes) {
    context.stderr.write(
      `${context.errStyle.warning("qaql")}: warning: "${path}" (--where) was read as ${learnt}, the type the first ${LEARNING_MIB} MiB of records gave it; all the records read make it ${read}, as qaql serve would learn it: give --schema for one answer\n`,
    );
  }
}

/** Tells, on stderr, of each field compared with a day whose values were date texts, read as text. */
function reportDatesReadAsText(paths: readonly string[], context: CommandContext): void {
  for (const path of paths) {
    context.stderr.write(
      `${context.errStyle.warning("qaql")}: warning: "${path}" holds dates as text, compared with a day as text (--no-infer-schema): without it, or with --schema, they compare by calendar day in --time-zone\n`,
    );
  }
}

const LEARNING_MIB = LEARNING_BYTES / (1024 * 1024);

/** Tells, on stderr, of each field of --where or --fields that no record read held. */
function reportUnseen(unseen: readonly UnseenField[], read: number, context: CommandContext): void {
  const records = read === 1 ? "the 1 record" : `the ${read.toLocaleString("en-US")} records`;
  for (const field of unseen) {
    const hint = field.suggestion === undefined ? "" : `: did you mean ${field.suggestion}?`;
    context.stderr.write(
      `${context.errStyle.warning("qaql")}: warning: none of ${records} read holds "${field.path}" (--${field.language})${hint}\n`,
    );
  }
}

export const filterCommand: Command = {
  name: "filter",
  summary: "filter a dump's records, streaming",
  help: `Usage: qaql filter [FILE|-] [--where W] [--fields F] [--page N] [--size N]
                   [--resource NAME] [--schema S] [--time-zone Z]
                   [--output json|ndjson] [--out PATH] [--engine js|duckdb|auto]
                   [--invalid-utf8 error|replace] [--strict] [--trust-input] [--jobs N]
                   [--no-infer-schema]

Reads records from FILE (- for stdin; the sample dump shipped with qaql when absent), keeps those
matching the filter, projects them with the selection, and writes them as they are found.
The input is a JSON array of records, a list response {"_links", "<resource>": [...]}, a dump
object holding several resources' arrays, or NDJSON (one record per line); the shape is detected.

Options:
  --where W        the filter (grammar/language.md 2); all records without it
  --fields F       the selection (grammar/language.md 3); whole records without it
  --page N         the page to write, from 1 (grammar/language.md 6); needs no --size (default 20)
  --size N         records per page; without --page, page 1
  --resource NAME  the array of a dump object to read (projects, artefacts, findings, ...)
  --schema S       project, artefact, finding, or a JSON file holding a schema shape;
                   without it the types are learnt from the records ending in the dump's first
                   4 MiB, as qaql serve learns them from all (grammar/language.md 4.5, 10.7): a
                   date field compares by calendar day in --time-zone; a field the records read
                   later type otherwise is named on stderr at the end, and so is each field of
                   --where or --fields that no record read holds, with the field meant (typ.id:
                   did you mean type.id?)
  --strict         exit 1 when a field of --where or --fields is held by no record read, or
                   when the records read type a field of --where otherwise than the head did
  --no-infer-schema  without --schema, read each value by its own kind (grammar/language.md
                   2.3) rather than by the types learnt from the first 4 MiB of records
  --time-zone Z    the IANA zone whose calendar days dates mean (default UTC)
  --output F       json (default): an array, or a list response with _links when paginated;
                   ndjson: one record per line
  --out PATH       write to PATH, which appears only once complete (default stdout)
  --engine E       js: read in JavaScript; duckdb: DuckDB reads a JSON array or NDJSON FILE
                   and applies --where (needs --schema and @duckdb/node-api); auto (default):
                   duckdb for such a file of 256 MB or more whose first 4 MiB the filter keeps
                   a tenth or less of, when --jobs is 1; else js. The output is the same
                   either way
${invalidUtf8Help(19)}
  --jobs N         worker threads reading a JSON array or NDJSON FILE of 64 MiB or more at
                   once, each a stretch of it (default: the machine's cores); the output is
                   the same whatever N
  --trust-input    the dump is well-formed: a record whose bytes show it cannot match is
                   skipped without checking its JSON (faster; a malformed record among those
                   goes unreported)
  -h, --help       this help

Progress (records, bytes, rate) goes to stderr when it is a terminal. So do warnings: a field no
record holds, and a day-shaped value that names no day (2024-02-30) compared without a type.
Exit status: 0 done, 1 invalid filter or input (or, with --strict, a field no record holds),
2 usage error.`,
  options: {
    where: { type: "string" },
    fields: { type: "string" },
    page: { type: "string" },
    size: { type: "string" },
    resource: { type: "string" },
    schema: { type: "string" },
    "time-zone": { type: "string" },
    output: { type: "string" },
    out: { type: "string", short: "o" },
    engine: { type: "string" },
    strict: { type: "boolean" },
    "trust-input": { type: "boolean" },
    jobs: { type: "string" },
    "no-infer-schema": { type: "boolean" },
    ...INVALID_UTF8_OPTION,
  },
  maxPositionals: 1,
  run,
};
