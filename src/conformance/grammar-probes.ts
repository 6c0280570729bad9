// The requests that the grammar's tables name, sent once in every run whatever the seed (issue
// 47): for each error code of src/errors and src/schema a request that must raise it, each
// keyword of WHERE_KEYWORDS in every letter case and with the white space before or after it
// left out, each limit at and one past its value, each merge rule of a selection (grammar/
// language.md 3.2), and `Accept-Language` with q-values, `*` and a region (6.11). What each must
// answer is what the reference reader and evaluation give it: a new keyword, operator or limit
// is probed without a line here, and a new error code does not compile until it has a request.
import {
  comparison,
  inList,
  nullCheck,
  type PathNode,
  path as pathOf,
  pattern,
  WHERE_KEYWORDS,
  type WhereExpression,
  type WherePredicate,
} from "../ast/where.ts";
import { WHERE_GRAMMAR, WHERE_OPERATORS, type WhereOperator } from "../ast/where-grammar.ts";
import { formatWhere } from "../backends/format/format-where.ts";
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_LENGTH, MAX_SELECTION_DEPTH } from "../base/limits.ts";
import { isPlainRecord, valueAtPath } from "../base/members.ts";
import type { ParameterErrorCode, SyntaxErrorCode } from "../errors/errors.ts";
import { indexOfLoneSurrogate } from "../list/percent-encode.ts";
import { buildQueryString } from "../list/query-string.ts";
import { safeReadListRequest } from "../list/read-list-request.ts";
import type { FieldType, Schema } from "../schema/schema.ts";
import type { FieldsValidationCode } from "../schema/validate-fields.ts";
import type { WhereValidationCode } from "../schema/validate-where.ts";
import {
  type Found,
  headersFor,
  isObject,
  type Row,
  type Settings,
  type Views,
} from "./context.ts";
import type { GrammarTable } from "./coverage.ts";
import { equalJson } from "./equal-json.ts";
import { fetchJson } from "./fetch-json.ts";
import { brief, codeOf, UNKNOWN, WRONG_LITERALS } from "./fixed-checks.ts";
import { describeRows, firstDifference, keyOrderDifference } from "./list-check.ts";
import { referenceEvaluate } from "./reference-evaluate.ts";
import { readVector } from "./repro.ts";

/** Every error code a list request can be answered with (grammar/language.md 5). */
export type ListErrorCode =
  | SyntaxErrorCode
  | ParameterErrorCode
  | WhereValidationCode
  | FieldsValidationCode;

/** What the probes are written with, read once from the schema and the first user's records. */
interface Material {
  /** A string field, and a scalar field of any type. */
  readonly text: string | undefined;
  readonly scalar: string | undefined;
  /** A field whose type refuses some literal, with one it refuses (4.3). */
  readonly typed: { readonly path: string; readonly wrong: string } | undefined;
  readonly flag: string | undefined;
  /** A scalar field that is not a string, which `~` does not take. */
  readonly untexted: string | undefined;
  readonly object: string | undefined;
  readonly array: string | undefined;
  /** A path that goes on after an array field. */
  readonly throughArray: string | undefined;
  /** An object field (or an array of objects) and two of its members, for the merge rules. */
  readonly parent: { readonly a: string; readonly b: string; readonly c: string } | undefined;
  /** A scalar field and a value a record holds in it, for the filters around each keyword. */
  readonly valued: { readonly path: PathNode; readonly value: string } | undefined;
  /** A top-level name every selection probe can use: `id` when the schema has it. */
  readonly name: string;
  /** What follows a filter in its query: the ids alone when the schema has them, in one page. */
  readonly tail: string;
  readonly size: number;
  readonly maxSize: number;
}

/** Every field of a schema with its dotted path, objects walked into, arrays not. */
function fieldsOf(schema: Schema): { path: string; type: FieldType }[] {
  const out: { path: string; type: FieldType }[] = [];
  const walk = (fields: Readonly<Record<string, FieldType>>, prefix: string) => {
    for (const [name, type] of Object.entries(fields)) {
      const path = `${prefix}${name}`;
      out.push({ path, type });
      if (type.kind === "object" && type.fields) walk(type.fields, `${path}.`);
    }
  };
  walk(schema.fields, "");
  return out;
}

/** A value as a literal of its field, when it is one a filter can hold. */
function literalOf(value: unknown): string | undefined {
  if (typeof value === "string" && value !== "" && value.length <= 64) {
    return indexOfLoneSurrogate(value) === -1 ? value : undefined;
  }
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  return typeof value === "boolean" ? String(value) : undefined;
}

/** The fields and values the probes are written with: the first of each kind the schema lists. */
function materialOf(schema: Schema, records: readonly Row[], maxSize: number): Material {
  const fields = fieldsOf(schema);
  const pathOfKind = (test: (type: FieldType) => boolean) => fields.find((f) => test(f.type))?.path;
  const isScalar = (type: FieldType) => type.kind !== "object" && type.kind !== "array";
  const typed = fields.find((f) => Object.hasOwn(WRONG_LITERALS, f.type.kind));
  const arrays = fields.filter((f) => f.type.kind === "array");
  // An array of objects shows a path through it best: its members are names the schema knows.
  const through =
    arrays.find((f) => f.type.kind === "array" && f.type.items?.kind === "object") ?? arrays[0];
  const items = through?.type.kind === "array" ? through.type.items : undefined;
  const member = items?.kind === "object" && items.fields ? Object.keys(items.fields)[0] : "x";
  const held = (name: string) =>
    records.filter((record) => isPlainRecord(record) && record[name] != null).length;
  // The object the most records hold, among those with two members or more.
  const parents = Object.entries(schema.fields)
    .flatMap(([a, type]) => {
      const inner = type.kind === "array" ? type.items : type;
      const members = inner?.kind === "object" && inner.fields ? Object.keys(inner.fields) : [];
      return members.length >= 2 ? [{ a, b: members[0] as string, c: members[1] as string }] : [];
    })
    .sort((x, y) => held(y.a) - held(x.a));
  const valued = fields
    .filter((f) => isScalar(f.type) && f.type.kind !== "date" && f.type.kind !== "any")
    .flatMap((f) => {
      const segments = f.path.split(".");
      const value = records.map((record) => literalOf(valueAtPath(record, segments))).find(Boolean);
      return value === undefined ? [] : [{ path: pathOf(segments), value }];
    })[0];
  const ids = Object.hasOwn(schema.fields, "id");
  const size = Math.min(maxSize, 1000);
  return {
    text: pathOfKind((type) => type.kind === "string"),
    scalar: pathOfKind(isScalar),
    typed: typed && { path: typed.path, wrong: WRONG_LITERALS[typed.type.kind] as string },
    flag: pathOfKind((type) => type.kind === "boolean"),
    untexted: pathOfKind((type) => isScalar(type) && type.kind !== "string" && type.kind !== "any"),
    object: pathOfKind((type) => type.kind === "object"),
    array: arrays[0]?.path,
    throughArray: through && `${through.path}.${member}`,
    parent: parents[0],
    valued,
    name: ids ? "id" : (Object.keys(schema.fields)[0] ?? UNKNOWN),
    tail: `${ids ? "&fields=id" : ""}&size=${size}`,
    size,
    maxSize,
  };
}

/** The query of each filter given (a falsy one is a filter the schema cannot write). */
function filters(m: Material, ...texts: (string | false | undefined)[]): string[] {
  return texts.flatMap((text) => (text ? [`${buildQueryString({ where: text })}${m.tail}`] : []));
}

/** The query of each selection given, in one page. */
function selections(m: Material, ...texts: string[]): string[] {
  return texts.map((text) => `${buildQueryString({ fields: text })}&size=${m.size}`);
}

/** A limit of grammar/language.md 1.4 or 6.3: its value, the code past it, and a query at `n`. */
interface Limit {
  readonly code: ListErrorCode;
  readonly value: (m: Material) => number;
  readonly query: (m: Material, n: number) => string | undefined;
}

/** A text of exactly `n` characters: `head`, `x` repeated, then `end`. */
const padded = (head: string, n: number, end = "") =>
  `${head}${"x".repeat(Math.max(0, n - head.length - end.length))}${end}`;

/** The limits, each probed at its value and one past it. */
export const LIMITS: Readonly<Record<string, Limit>> = {
  "where length": {
    code: "INPUT_TOO_LONG",
    value: () => DEFAULT_MAX_LENGTH,
    query: (m, n) => filters(m, m.text && padded(`${m.text}!="`, n, '"'))[0],
  },
  "fields length": {
    code: "INPUT_TOO_LONG",
    value: () => DEFAULT_MAX_LENGTH,
    // A name repeated, then white space up to the length: valid at the limit.
    query: (m, n) => {
      const names = Array.from({ length: Math.floor(n / (m.name.length + 1)) }, () => m.name);
      return selections(m, names.join(",").padEnd(n, " "))[0];
    },
  },
  "where depth": {
    code: "NESTING_TOO_DEEP",
    value: () => DEFAULT_MAX_DEPTH,
    query: (m, n) =>
      filters(m, m.scalar && `${"(".repeat(n)}${m.scalar} IS NOT NULL${")".repeat(n)}`)[0],
  },
  "fields depth": {
    code: "NESTING_TOO_DEEP",
    value: () => DEFAULT_MAX_DEPTH,
    query: (m, n) => selections(m, `${"x(".repeat(n)}x${")".repeat(n)}`)[0],
  },
  "selection names": {
    code: "NESTING_TOO_DEEP",
    value: () => MAX_SELECTION_DEPTH,
    query: (m, n) => selections(m, Array.from({ length: n }, () => "x").join("."))[0],
  },
  "page size": {
    code: "SIZE_TOO_LARGE",
    value: (m) => m.maxSize,
    query: (m, n) => `${m.name === "id" ? "fields=id&" : ""}size=${n}`,
  },
  "page number": {
    code: "INVALID_PAGE",
    value: () => Number.MAX_SAFE_INTEGER,
    query: (_, n) => `page=${n}&size=1`,
  },
};

/** The queries one past each limit whose code is `code`. */
const pastLimits = (code: ListErrorCode) => (m: Material) =>
  Object.values(LIMITS).flatMap((limit) => {
    const query = limit.code === code ? limit.query(m, limit.value(m) + 1) : undefined;
    return query === undefined ? [] : [query];
  });

/**
 * For each error code, in the order of grammar/language.md 5.1, 5.4, 4.3 and 4.4, requests that
 * must raise it (none when the schema has no field to write them with), or null for a code that
 * no request a server reads can get. A code added to any of the four types does not compile
 * until it has its probes here.
 */
const ERROR_PROBES: Readonly<Record<ListErrorCode, ((m: Material) => string[]) | null>> = {
  INPUT_TOO_LONG: pastLimits("INPUT_TOO_LONG"),
  NESTING_TOO_DEEP: pastLimits("NESTING_TOO_DEEP"),
  UNEXPECTED_TOKEN: (m) => [
    ...filters(m, m.scalar && `${m.scalar}==1`, m.scalar && `NOT ${m.scalar}=1`),
    ...selections(m, `${m.name} ${m.name}`, `${m.name}()`),
  ],
  UNEXPECTED_END: (m) => [
    ...filters(m, m.scalar && `${m.scalar}=`),
    ...selections(m, `${m.name},`),
  ],
  UNTERMINATED_QUOTE: (m) => filters(m, m.scalar && `${m.scalar}="x`, m.text && `${m.text}~*"x`),
  MISSING_WHITESPACE: (m) => keywordProbes(m).spacing.map(({ query }) => query),
  EMPTY_PATTERN: (m) => filters(m, m.text && `${m.text}~**`, m.text && `${m.text}~""`),
  MISPLACED_WILDCARD: (m) => filters(m, m.text && `${m.text}~a*b`, m.text && `${m.text}~x*"y"`),
  LINKS_SUBSELECTION: (m) => selections(m, "_links.self", "_links(self)"),
  INVALID_PAGE: (m) => ["page=0", ...pastLimits("INVALID_PAGE")(m)],
  INVALID_SIZE: () => ["size=0"],
  SIZE_TOO_LARGE: pastLimits("SIZE_TOO_LARGE"),
  REPEATED_PARAMETER: () => ["page=1&page=1"],
  MALFORMED_ENCODING: () => ["where=a%zz"],
  // An error of writing a query string (6.6): UTF-8 cannot carry a lone surrogate to a server.
  LONE_SURROGATE: null,
  UNKNOWN_FIELD: (m) => [...filters(m, `${UNKNOWN}=1`), ...selections(m, UNKNOWN)],
  PATH_THROUGH_ARRAY: (m) => filters(m, m.throughArray && `${m.throughArray} IS NULL`),
  ARRAY_FIELD: (m) => filters(m, m.array && `${m.array}=1`),
  OBJECT_FIELD: (m) => filters(m, m.object && `${m.object}=1`),
  INVALID_VALUE: (m) => filters(m, m.typed && `${m.typed.path}=${m.typed.wrong}`),
  BOOLEAN_ORDERING: (m) => filters(m, m.flag && `${m.flag}<true`),
  PATTERN_ON_NON_STRING: (m) => filters(m, m.untexted && `${m.untexted}~1`),
  SCALAR_SUBSELECTION: (m) => (m.scalar ? selections(m, `${m.scalar}(x)`) : []),
};

/** Every code of `ListErrorCode`. */
export const LIST_ERROR_CODES = Object.keys(ERROR_PROBES) as readonly ListErrorCode[];

/** The codes a request can get, each of which every run probes where the schema allows. */
export const PROBED_ERROR_CODES: readonly ListErrorCode[] = LIST_ERROR_CODES.filter(
  (code) => ERROR_PROBES[code] !== null,
);

/** The letter cases a keyword is spelt in (2.1: any case). */
export const KEYWORD_SPELLINGS: Readonly<Record<string, (word: string) => string>> = {
  upper: (word) => word.toUpperCase(),
  lower: (word) => word.toLowerCase(),
  capitalised: (word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
  alternating: (word) =>
    [...word].map((c, i) => (i % 2 === 0 ? c.toLowerCase() : c.toUpperCase())).join(""),
};

/**
 * The merge rules of 3.2, each a selection of an object `a` and its members `b` and `c`: the
 * whole of a name wins over any part of it, whatever their order; parts merge.
 */
export const MERGE_RULES: Readonly<Record<string, (a: string, b: string, c: string) => string>> = {
  "a path then its parent": (a, b) => `${a}.${b},${a}`,
  "the parent then a path": (a, b) => `${a},${a}.${b}`,
  "the parent between two paths": (a, b, c) => `${a}.${b},${a},${a}.${c}`,
  "two paths of one parent": (a, b, c) => `${a}.${b},${a}.${c}`,
  "a path and a sub-selection": (a, b, c) => `${a}.${b},${a}(${c})`,
  "a repeated name": (a) => `${a},${a}`,
  "a repeated path": (a, b) => `${a}.${b},${a}.${b}`,
};

/** The junction keywords, as the grammar's table names what may follow an operand. */
const JUNCTIONS = WHERE_GRAMMAR.follows.afterOperand.filter((follow) =>
  WHERE_KEYWORDS.has(follow.toLowerCase()),
);

/** A piece of a filter's text: a keyword, the white space around one, or other text. */
type Piece = { readonly keyword: string } | { readonly space: true } | { readonly text: string };

const SPACE: Piece = { space: true };
const words = (text: string): Piece[] =>
  text.split(" ").flatMap((word) => (word === "" ? [] : [SPACE, { keyword: word }]));

/** The predicate of each kind of node, for the operator that makes it. */
const PREDICATES: Readonly<
  Record<
    WherePredicate["kind"],
    (path: PathNode, operator: WhereOperator, value: string) => WherePredicate
  >
> = {
  comparison: (path, operator, value) => comparison(path, operator.text as "=", value),
  pattern: (path, _, value) => pattern(path, "contains", value),
  in: (path, operator, value) => inList(path, [value], operator.negated),
  isNull: (path, operator) => nullCheck(path, operator.negated),
};

/**
 * A filter for each operator written with keywords (`id IS NOT NULL OR (id=1)`: white space
 * after its last keyword too), and for each junction (`(id IS NOT NULL) AND (id=1)`), in pieces.
 */
function keywordTemplates(m: Material): Piece[][] {
  if (m.valued === undefined || JUNCTIONS.length === 0) return [];
  const { path, value } = m.valued;
  const other = { text: `(${formatWhere(comparison(path, "=", value))})` };
  const loosest = JUNCTIONS[JUNCTIONS.length - 1] as string;
  const operators = WHERE_OPERATORS.filter((operator) => /[A-Z]/.test(operator.text)).map(
    (operator) => {
      const text = formatWhere(PREDICATES[operator.node](path, operator, value));
      const at = text.indexOf(` ${operator.text}`);
      const rest = text.slice(at + 1 + operator.text.length);
      const after: Piece[] = rest.startsWith(" ") ? [SPACE, { text: rest.slice(1) }] : [];
      return [
        { text: text.slice(0, at) },
        ...words(operator.text),
        ...after,
        ...words(loosest),
        SPACE,
        other,
      ];
    },
  );
  const first = { text: `(${formatWhere(nullCheck(path, true))})` };
  const junctions = JUNCTIONS.map((junction) => [first, ...words(junction), SPACE, other]);
  return [...operators, ...junctions];
}

/** A probe of text: its query, and what it counts in the tables of the coverage report. */
interface TextProbe {
  readonly query: string;
  readonly counts: readonly (readonly [GrammarTable, string])[];
}

/** Every keyword template in every spelling, and with each space around a keyword left out. */
function keywordProbes(m: Material): { spellings: TextProbe[]; spacing: TextProbe[] } {
  const spellings: TextProbe[] = [];
  const spacing: TextProbe[] = [];
  for (const pieces of keywordTemplates(m)) {
    const write = (spell: (word: string) => string, skip = -1) =>
      pieces
        .map((piece, i) =>
          i === skip
            ? ""
            : "keyword" in piece
              ? spell(piece.keyword)
              : "text" in piece
                ? piece.text
                : " ",
        )
        .join("");
    for (const spell of Object.values(KEYWORD_SPELLINGS)) {
      const counts = pieces.flatMap((piece) =>
        "keyword" in piece ? [["keywordSpellings", spell(piece.keyword)] as const] : [],
      );
      spellings.push({ query: filters(m, write(spell))[0] as string, counts });
    }
    pieces.forEach((piece, i) => {
      if (!("keyword" in piece)) return;
      for (const [side, at] of [
        ["before", i - 1],
        ["after", i + 1],
      ] as const) {
        if (pieces[at] !== SPACE) continue;
        const query = filters(
          m,
          write((word) => word, at),
        )[0] as string;
        spacing.push({ query, counts: [["keywordSpacing", `${side} ${piece.keyword}`]] });
      }
    });
  }
  return { spellings, spacing };
}

/** Every probe of text, each query once with all it counts: errors, limits, keywords, merges. */
function textProbes(m: Material): TextProbe[] {
  const errors = LIST_ERROR_CODES.flatMap((code) =>
    (ERROR_PROBES[code]?.(m) ?? []).map((query) => ({ query, counts: [] })),
  );
  const limits = Object.entries(LIMITS).flatMap(([name, limit]) =>
    [limit.value(m), limit.value(m) + 1].flatMap((n) => {
      const query = limit.query(m, n);
      return query === undefined ? [] : [{ query, counts: [["limits", `${name} ${n}`] as const] }];
    }),
  );
  const { spellings, spacing } = keywordProbes(m);
  const merges = Object.entries(MERGE_RULES).flatMap(([name, rule]) => {
    if (m.parent === undefined) return [];
    const { a, b, c } = m.parent;
    return selections(m, rule(a, b, c)).map((query) => ({
      query,
      counts: [["mergeRules", name] as const],
    }));
  });
  const byQuery = new Map<string, TextProbe>();
  for (const probe of [...errors, ...limits, ...spacing, ...spellings, ...merges]) {
    const seen = byQuery.get(probe.query);
    byQuery.set(probe.query, {
      query: probe.query,
      counts: [...(seen?.counts ?? []), ...probe.counts],
    });
  }
  return [...byQuery.values()];
}

/** Sends one probe of text: an error must be a 400 with the reference's code, else the reference's page. */
async function checkText(
  probe: TextProbe,
  records: readonly Row[],
  settings: Settings,
): Promise<Found | undefined> {
  const { schema, defaultSize, maxSize, coverage, resource } = settings;
  for (const [table, name] of probe.counts) coverage.probed(table, name);
  // Sent by the first user: a field its policy hides is an unknown one, its zone the dates'.
  const user = settings.users[0];
  const policy = user?.fieldsPolicy;
  const read = safeReadListRequest(probe.query, {
    schema: user?.schema ?? schema,
    defaultSize,
    maxSize,
    policy,
  });
  const request = `${settings.base}?${probe.query}`;
  const headers = headersFor(settings.tokens[0] as string);
  const response = await fetchJson(settings.fetch, request, headers);
  coverage.answered(response.status);
  const disagree = (reason: string, expected: string, received: string): Found => ({
    request,
    timeZone: undefined,
    headers,
    reason,
    expected,
    received,
  });
  if (!read.success) {
    const { parameter, code, offset } = read.error;
    coverage.errorCode(code);
    if (response.status === 400 && codeOf(response) === code) return undefined;
    const found = disagree(
      `an invalid request is not a 400 ${code}`,
      `status 400 ${code}`,
      brief(response),
    );
    // A vector says what a schema refuses; a refusal that may be the policy's is no such vector.
    if (policy !== undefined) return found;
    const vector = readVector({
      query: probe.query,
      resource,
      schema: user?.schema ?? schema,
      defaultSize,
      maxSize,
      error: { parameter, code, offset },
      server: settings.api,
    });
    return { ...found, vector };
  }
  const { items: expected } = await referenceEvaluate(records, {
    ...read.data,
    where: read.data.where as WhereExpression | undefined,
    resource,
    timeZone: user?.timeZone ?? "UTC",
    schema: user?.filterSchema ?? schema,
  });
  const items = isObject(response.body) ? response.body[resource] : undefined;
  if (response.status !== 200 || !Array.isArray(items)) {
    return disagree(
      `status ${response.status}`,
      `status 200, ${describeRows(expected)}`,
      brief(response),
    );
  }
  if (!equalJson(items, expected)) {
    return disagree(
      `different items: ${firstDifference(expected, items)}`,
      describeRows(expected),
      describeRows(items),
    );
  }
  const misordered = keyOrderDifference(items, expected);
  return misordered && disagree(misordered.reason, misordered.expected, misordered.received);
}

/** An `Accept-Language` header, the language its answer must be in, and what it probes. */
interface LanguageProbe {
  readonly header: string;
  readonly answer: string | undefined;
  readonly name: string;
}

/**
 * The headers of 6.11 for the languages given, the server's answer without one being
 * `fallback`: `*` names none, q-values order the ranges and q=0 refuses one, and a region falls
 * back to its language.
 */
function languageProbes(
  languages: readonly string[],
  fallback: string | undefined,
): LanguageProbe[] {
  const probes: LanguageProbe[] = [{ header: "*", answer: fallback, name: "*" }];
  const others = languages.filter((language) => language !== fallback && !language.includes("-"));
  const [x, y = fallback] = others;
  if (x === undefined) return probes;
  const region = ["CH", "BE", "AT"].find((code) => !languages.includes(`${x}-${code}`)) ?? "ZZ";
  probes.push(
    { header: `*, ${x}`, answer: x, name: "*" },
    { header: `${x};q=0`, answer: fallback, name: "q=0" },
    { header: `${x}-${region}`, answer: x, name: "a region" },
  );
  if (y !== undefined) {
    probes.push(
      { header: `${x};q=0.1, ${y}`, answer: y, name: "q-values" },
      { header: `${y};q=0.2, ${x};q=0.9`, answer: x, name: "q-values" },
    );
  }
  return probes;
}

/** Each `Accept-Language` probe must be answered in its language, with the records fetched in it. */
async function checkLanguages(
  views: Views,
  settings: Settings,
  sent: () => void,
): Promise<Found | undefined> {
  const { coverage, resource } = settings;
  const token = settings.tokens[0] as string;
  const size = Math.min(settings.maxSize, 50);
  const request = `${settings.base}?size=${size}`;
  const plain = await fetchJson(settings.fetch, `${settings.base}?size=1`, headersFor(token));
  coverage.answered(plain.status);
  const fallback = plain.contentLanguage ?? undefined;
  const given = settings.languages.filter((language) => language !== undefined);
  if (given.length === 0) {
    coverage.warn(
      "no languages given: Accept-Language with q-values, q=0 and a region is not probed, only *",
    );
  }
  for (const { header, answer, name } of languageProbes(given, fallback)) {
    sent();
    coverage.probed("languageNegotiation", name);
    const headers = headersFor(token, undefined, header);
    const response = await fetchJson(settings.fetch, request, headers);
    coverage.answered(response.status);
    const index = answer === fallback ? 0 : settings.languages.indexOf(answer);
    const expected = (views.views[0]?.[index] ?? []).slice(0, size);
    const items = isObject(response.body) ? response.body[resource] : undefined;
    const disagree = (reason: string, wanted: string, received: string): Found => ({
      request,
      timeZone: undefined,
      headers,
      reason,
      expected: wanted,
      received,
    });
    if (response.status !== 200 || response.contentLanguage !== (answer ?? null)) {
      return disagree(
        `an answer to Accept-Language: ${header} not in ${answer ?? "the language of an answer without it"}`,
        `status 200, Content-Language: ${answer ?? "(none)"}`,
        `${brief(response)}, Content-Language: ${response.contentLanguage ?? "(none)"}`,
      );
    }
    if (!Array.isArray(items) || !equalJson(items, expected)) {
      const received = Array.isArray(items) ? items : [];
      return disagree(
        `different items: ${firstDifference(expected, received)}`,
        describeRows(expected),
        describeRows(received),
      );
    }
  }
  return undefined;
}

/**
 * Sends the probes of the grammar's tables, calling `sent` before each; warns of the codes the
 * schema has no field to raise with.
 */
export async function checkGrammar(
  views: Views,
  settings: Settings,
  sent: () => void,
): Promise<Found | undefined> {
  const records = views.views[0]?.[0] ?? [];
  // Written with the fields the first user, who sends them, may filter on and so select.
  const m = materialOf(
    settings.users[0]?.filterSchema ?? settings.schema,
    records,
    settings.maxSize,
  );
  for (const code of PROBED_ERROR_CODES) {
    if ((ERROR_PROBES[code]?.(m) ?? []).length === 0) {
      settings.coverage.warn(`no field of the schema can raise ${code}: it is not probed`);
    }
  }
  for (const probe of textProbes(m)) {
    sent();
    const found = await checkText(probe, records, settings);
    if (found) return found;
  }
  return checkLanguages(views, settings, sent);
}
