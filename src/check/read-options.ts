import { type ParseLimits, resolveLimits } from "../base/limits.ts";
import { isPlainRecord, oneOf, own } from "../base/members.ts";
import { describeFound, InvalidOptionError } from "../errors/invalid-input.ts";
import { SchemaDefinitionError } from "../errors/schema-definition-error.ts";
import {
  defineSchema,
  isCheckedSchema,
  readSchema,
  type Schema,
  type SchemaShape,
} from "../schema/schema.ts";

/** A `schema` option: a checked schema, its normalized form as JSON carries it, or a plain shape. */
export type SchemaOption = Schema | { readonly [field: string]: SchemaShape };

/** An options argument: absent, or an object (an array or a string is a mistake). */
export function readOptions<T extends object>(caller: string, options: unknown): Partial<T> {
  if (options === undefined) return {};
  if (!isPlainRecord(options)) {
    throw new InvalidOptionError(
      caller,
      "",
      `options must be an object; found ${describeFound(options)}`,
    );
  }
  return options as Partial<T>;
}

// A normalized schema is `{ kind: "object", fields: { name: { kind … } } }`; anything else is a shape.
function looksNormalized(value: Record<string, unknown>): boolean {
  const fields = own(value, "fields");
  return (
    own(value, "kind") === "object" &&
    isPlainRecord(fields) &&
    Object.values(fields).every(
      (type) => isPlainRecord(type) && typeof own(type, "kind") === "string",
    )
  );
}

/**
 * Reads a `schema` option: a schema from `defineSchema` as it is, its normalized form checked,
 * and a plain shape (`{ name: "string" }`) defined on the fly (grammar/language.md 4).
 */
export function readSchemaOption(caller: string, value: unknown): Schema | undefined {
  if (value === undefined || isCheckedSchema(value)) return value;
  if (!isPlainRecord(value)) {
    throw new InvalidOptionError(
      caller,
      "schema",
      `expected a schema from defineSchema() or a shape such as { name: "string" }; found ${describeFound(value)}`,
    );
  }
  try {
    return looksNormalized(value)
      ? readSchema(value)
      : defineSchema(value as { readonly [field: string]: SchemaShape });
  } catch (error) {
    if (!(error instanceof SchemaDefinitionError)) throw error;
    const at = error.path ? ` at "${error.path}"` : "";
    throw new InvalidOptionError(
      caller,
      "schema",
      `not a schema${at}: ${error.message.replace(/^defineSchema: (at "[^"]*": )?/, "")}`,
    );
  }
}

/** Reads an option that must be a string when given. */
export function readStringOption(caller: string, name: string, value: unknown): string | undefined {
  if (value === undefined || typeof value === "string") return value;
  throw new InvalidOptionError(caller, name, `expected a string; found ${describeFound(value)}`);
}

/** Reads an option that, when given, must be one of `choices`. */
export function readChoiceOption<T extends string>(
  caller: string,
  name: string,
  value: unknown,
  choices: readonly T[],
): T | undefined {
  if (value === undefined || (choices as readonly unknown[]).includes(value)) {
    return value as T | undefined;
  }
  throw new InvalidOptionError(
    caller,
    name,
    `expected ${oneOf(choices)}; found ${describeFound(value)}`,
  );
}

/** Runs a check of the library that throws `RangeError`, as an `InvalidOptionError` naming `option`. */
export function checkOption<T>(caller: string, option: string, value: unknown, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new InvalidOptionError(caller, option, `${error.message}; found ${describeFound(value)}`);
  }
}

/**
 * Reads the `maxLength` and `maxDepth` members of an options object (grammar/language.md 1.4),
 * those given: the one reader of the parse limits, which every options object holds flat.
 */
export function readLimitMembers(caller: string, value: object): ParseLimits {
  const maxLength = own(value, "maxLength");
  const maxDepth = own(value, "maxDepth");
  checkOption(caller, "maxLength", maxLength, () => resolveLimits({ maxLength } as ParseLimits));
  checkOption(caller, "maxDepth", maxDepth, () => resolveLimits({ maxDepth } as ParseLimits));
  return {
    ...(maxLength === undefined ? {} : { maxLength: maxLength as number }),
    ...(maxDepth === undefined ? {} : { maxDepth: maxDepth as number }),
  };
}

// Earlier versions nested the limits of some functions in `limits`: tell an upgrading caller how.
const FLAT_LIMITS =
  "give maxLength and maxDepth directly among the options, as { maxLength: 4096, maxDepth: 16 }, not inside limits";

/**
 * The option names of an options interface `T`, in the order written: the compiler checks that
 * `names` holds every member of `T` and nothing else, so the list a factory checks against
 * cannot fall behind its interface.
 */
export function optionNamesOf<T extends object>(
  names: {
    readonly [K in keyof Required<T>]: true;
  },
): readonly string[] {
  return Object.keys(names);
}

/** Refuses a member of an options object that is not among `names` (grammar/language.md 7.4). */
export function checkOptionNames(
  caller: string,
  given: Readonly<Record<string, unknown>>,
  names: readonly string[],
): void {
  for (const name of Object.keys(given)) {
    if (!names.includes(name)) {
      const hint = name === "limits" && names.includes("maxLength") ? FLAT_LIMITS : undefined;
      throw new InvalidOptionError(
        caller,
        name,
        `unknown option; ${hint ?? `expected ${oneOf(names)}`}`,
      );
    }
  }
}
