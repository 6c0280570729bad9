import { IDENTIFIER } from "../ast/where.ts";
import { isPlainRecord, own } from "../base/members.ts";
import { describeFound } from "../errors/invalid-input.ts";

/**
 * One row of a dump's `_translations` (grammar/language.md 6.11): in `language`, the text
 * `text` of `resource`'s field `field` (a path; through arrays, their items) reads `translation`.
 */
export interface TranslationRow {
  readonly language: string;
  readonly resource: string;
  readonly field: string;
  readonly text: string;
  readonly translation: string;
}

/** The member of a dump that holds its translations rather than a resource. */
export const TRANSLATIONS_MEMBER = "_translations";

/** A language tag in its canonical spelling (`fr-ch` is `fr-CH`); a `TypeError` for a malformed one. */
export function canonicalLanguage(tag: unknown, what: string): string {
  if (typeof tag === "string" && /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/.test(tag)) {
    try {
      return Intl.getCanonicalLocales(tag)[0] as string;
    } catch {
      // Well-formed but no language tag (`x`): refused below.
    }
  }
  throw new TypeError(
    `${what}: expected a language tag such as "fr" or "de-CH"; found ${describeFound(tag)}`,
  );
}

/** Texts by their default-language text, for one field of one resource in one language. */
type Dictionary = Map<string, string>;

interface FieldDictionary {
  readonly segments: readonly string[];
  readonly texts: Dictionary;
}

/** Replaces the texts at `segments` below `value`, copying only what changes. */
function translateAt(
  value: unknown,
  segments: readonly string[],
  at: number,
  texts: Dictionary,
): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const translated = translateAt(item, segments, at, texts);
      if (translated !== item) changed = true;
      return translated;
    });
    return changed ? out : value;
  }
  if (at === segments.length)
    return typeof value === "string" ? (texts.get(value) ?? value) : value;
  if (!isPlainRecord(value)) return value;
  const key = segments[at] as string;
  if (!Object.hasOwn(value, key)) return value;
  const inner = value[key];
  const translated = translateAt(inner, segments, at + 1, texts);
  if (translated === inner) return value;
  const copy = { ...value };
  // Defined, not assigned: a member named "__proto__" stays a member.
  Object.defineProperty(copy, key, {
    value: translated,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

/**
 * The translations of a server's texts (grammar/language.md 6.11): the languages it answers in,
 * the default first, and each resource's records in each of them.
 */
export class Translations {
  /** Canonical tags: the default language, then those of the rows in their first order. */
  readonly languages: readonly string[];
  readonly #byLanguage = new Map<string, Map<string, FieldDictionary[]>>();

  private constructor(languages: readonly string[]) {
    this.languages = languages;
  }

  /** Reads the rows of `_translations`; a `TypeError` names the first bad one. */
  static read(rows: unknown, defaultLanguage: string): Translations {
    if (rows === undefined) return new Translations([defaultLanguage]);
    if (!Array.isArray(rows)) {
      throw new TypeError(
        `${TRANSLATIONS_MEMBER}: expected an array of rows; found ${describeFound(rows)}`,
      );
    }
    const languages = [defaultLanguage];
    const translations = new Translations(languages);
    for (const [index, row] of (rows as unknown[]).entries()) {
      const where = `${TRANSLATIONS_MEMBER}[${index}]`;
      if (!isPlainRecord(row))
        throw new TypeError(`${where}: expected a row; found ${describeFound(row)}`);
      const language = canonicalLanguage(own(row, "language"), `${where}.language`);
      const texts: Record<string, string> = {};
      for (const member of ["resource", "field", "text", "translation"] as const) {
        const value = own(row, member);
        if (typeof value !== "string") {
          throw new TypeError(
            `${where}.${member}: expected a string; found ${describeFound(value)}`,
          );
        }
        texts[member] = value;
      }
      const segments = (texts.field as string).split(".");
      if (!segments.every((segment) => IDENTIFIER.test(segment))) {
        throw new TypeError(
          `${where}.field: expected a path such as "definition.name"; found ${describeFound(texts.field)}`,
        );
      }
      if (language === defaultLanguage) continue;
      if (!languages.includes(language)) languages.push(language);
      translations.#add(
        language,
        texts.resource as string,
        segments,
        texts.text as string,
        texts.translation as string,
      );
    }
    return translations;
  }

  #add(
    language: string,
    resource: string,
    segments: readonly string[],
    text: string,
    translation: string,
  ): void {
    const resources = this.#byLanguage.get(language) ?? new Map<string, FieldDictionary[]>();
    this.#byLanguage.set(language, resources);
    const fields = resources.get(resource) ?? [];
    resources.set(resource, fields);
    const path = segments.join(".");
    let field = fields.find((candidate) => candidate.segments.join(".") === path);
    if (!field) {
      field = { segments, texts: new Map() };
      fields.push(field);
    }
    // The first row of a text wins, as the first of repeated ids does.
    if (!field.texts.has(text)) field.texts.set(text, translation);
  }

  /** Whether any record of any resource reads otherwise in another language. */
  get any(): boolean {
    return this.#byLanguage.size > 0;
  }

  /** `records` of `resource` in `language`: texts with a translation replaced, the rest shared. */
  localize(resource: string, records: readonly object[], language: string): readonly object[] {
    const fields = this.#byLanguage.get(language)?.get(resource);
    if (!fields) return records;
    return records.map((record) => {
      let out: unknown = record;
      for (const { segments, texts } of fields) out = translateAt(out, segments, 0, texts);
      return out as object;
    });
  }
}
