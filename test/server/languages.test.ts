import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import { lookupLanguage, readAcceptLanguage } from "../../src/server/accept-language.ts";
import { createApiServer } from "../../src/server/api-server.ts";
import { Translations } from "../../src/server/translations.ts";
import { runs } from "../support/runs.ts";
import { getAnswer } from "../support/server-get.ts";

type Row = Record<string, unknown>;
const sample = JSON.parse(
  readFileSync(new URL("../../sample/dump.json", import.meta.url), "utf8"),
) as Record<string, Row[]>;
const rows = (sample._translations ?? []) as {
  language: string;
  field: string;
  text: string;
  translation: string;
}[];

describe("Accept-Language (RFC 9110 12.5.4, RFC 4647 3.4 lookup)", () => {
  const available = ["en", "fr", "de", "zh-Hant"];

  it("reads the ranges by weight, the header's order among equals, without q=0 or malformed ones", () => {
    expect(readAcceptLanguage("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")).toEqual([
      { range: "fr-ch", q: 1 },
      { range: "fr", q: 0.9 },
      { range: "en", q: 0.8 },
      { range: "de", q: 0.7 },
      { range: "*", q: 0.5 },
    ]);
    expect(
      readAcceptLanguage("de;q=0, en;q=0.500, fr;q=2, it;q=0.1234, es ; Q=0.3, ;;, 1x"),
    ).toEqual([
      { range: "en", q: 0.5 },
      { range: "es", q: 0.3 },
    ]);
  });

  it("looks each range up, cutting subtags, and falls back when none is available", () => {
    expect(lookupLanguage("fr-CH, de;q=0.5", available, "en")).toBe("fr");
    expect(lookupLanguage("DE-at;q=0.9, fr;q=0.8", available, "en")).toBe("de");
    expect(lookupLanguage("zh-Hant-TW", available, "en")).toBe("zh-Hant");
    expect(lookupLanguage("de-x-private", available, "en")).toBe("de");
    expect(lookupLanguage("es, *", available, "fr")).toBe("fr");
    expect(lookupLanguage("fr;q=0", available, "de")).toBe("de");
    expect(lookupLanguage(null, available, "de")).toBe("de");
  });

  it("never fails and always answers an available language, whatever the header", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (header) => {
        expect(available).toContain(lookupLanguage(header, available, "en"));
      }),
      { numRuns: runs(2000) },
    );
  });
});

const OWN = "server-own-token-0123456789";

const get = (
  server: ReturnType<typeof createApiServer>,
  path: string,
  headers: Record<string, string> = {},
) => getAnswer(server, OWN, path, headers);

/** The sample as a server in `language` answers it, written out here apart from the server's. */
function sampleIn(language: string): Record<string, Row[]> {
  const texts = new Map(
    rows
      .filter((row) => row.language === language)
      .map((row) => [`${row.field}\u0000${row.text}`, row.translation]),
  );
  const say = (field: string, text: unknown) =>
    typeof text === "string" ? (texts.get(`${field}\u0000${text}`) ?? text) : text;
  const findings = (sample.findings ?? []).map((finding) => {
    const definition = finding.definition as Row;
    return {
      ...finding,
      definition: {
        ...definition,
        name: say("definition.name", definition.name),
        description: say("definition.description", definition.description),
        categories: (definition.categories as Row[]).map((category) => ({
          ...category,
          level: {
            ...(category.level as Row),
            name: say("definition.categories.level.name", (category.level as Row).name),
          },
        })),
      },
    };
  });
  return { projects: sample.projects ?? [], artefacts: sample.artefacts ?? [], findings };
}

describe("a server's answers in the languages of its translations (grammar/language.md 6.11)", () => {
  const server = createApiServer({
    data: sample,
    permanentTokens: [OWN],
    users: {
      dora: {
        password: "pw",
        language: "de",
        timeZone: "europe/berlin",
        permanentTokens: ["dora-token-0123456789abc"],
      },
    },
  });

  it("filters, selects and answers the texts in the language asked for", async () => {
    const where = encodeURIComponent("definition.name~*omplexité*");
    const french = await get(
      server,
      `/api/findings?where=${where}&fields=id,definition(name,categories.level.name)&size=2`,
      {
        "accept-language": "fr-CH, en;q=0.5",
      },
    );
    expect(french.headers.get("content-language")).toBe("fr");
    expect(french.headers.get("vary")).toBe("Accept, Accept-Language, Authorization, timezone");
    const items = french.body.findings as Row[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const definition = item.definition as {
        name: string;
        categories: { level: { name: string } }[];
      };
      expect(definition.name).toMatch(/omplexité/);
      for (const { level } of definition.categories) {
        expect([
          "Mineure",
          "Majeure",
          "Critique",
          "Bloquante",
          "Facile",
          "Difficile",
          "Info",
        ]).toContain(level.name);
      }
    }
    // The same filter in English finds nothing: where reads the texts in the answer's language.
    const english = await get(server, `/api/findings?where=${where}`);
    expect(english.headers.get("content-language")).toBe("en");
    expect(english.body.findings).toEqual([]);
  });

  it("defaults to the user's language and zone, and says so; errors stay in English", async () => {
    const dora = { authorization: "Bearer dora-token-0123456789abc" };
    const first = await get(server, "/api/findings/500000", dora);
    expect(first.headers.get("content-language")).toBe("de");
    expect(first.headers.get("timezone")).toBe("Europe/Berlin");
    expect((first.body.definition as Row).name).toBe("Zyklomatische Komplexität zu hoch");
    const asked = await get(server, "/api/findings/500000", {
      ...dora,
      "accept-language": "en",
      timezone: "UTC",
    });
    expect(asked.headers.get("content-language")).toBe("en");
    expect(asked.headers.get("timezone")).toBe("UTC");
    const error = await get(server, "/api/findings?where=(status%3DOPEN", {
      ...dora,
      "accept-language": "fr",
    });
    expect(error.status).toBe(400);
    expect(error.body.message).toBe('where: expected AND, OR or ")" after "OPEN" at column 13');
  });

  it("refuses an Accept-Language header too long to read", async () => {
    const long = await get(server, "/api/projects", {
      "accept-language": `fr,${"de;q=0.5,".repeat(120)}`,
    });
    expect(long.status).toBe(431);
    expect(long.body).toMatchObject({ code: "HEADER_TOO_LARGE", header: "accept-language" });
  });

  it("answers every request in a language as a server of the sample written in that language", async () => {
    const references = new Map(
      ["en", "fr", "de"].map((language) => [
        language,
        createApiServer({ data: sampleIn(language), permanentTokens: [OWN] }),
      ]),
    );
    const texts = [...new Set(rows.flatMap((row) => [row.text, row.translation]))];
    const request = fc.record({
      header: fc.constantFrom(undefined, "fr", "de-CH", "en-GB", "es, de;q=0.4", "*"),
      field: fc.constantFrom(
        "definition.name",
        "definition.description",
        "definition.categories.level.name",
      ),
      text: fc.constantFrom(...texts),
      operator: fc.constantFrom("=", "~", "!="),
      page: fc.integer({ min: 1, max: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ header, field, text, operator, page }) => {
        const literal = `"${text.slice(0, 12).replaceAll('"', '""')}"`;
        const where =
          field === "definition.categories.level.name" && operator === "~"
            ? `id>0`
            : `${field}${operator}${literal}`;
        const path = `/api/findings?where=${encodeURIComponent(where)}&fields=id,definition&size=7&page=${page}`;
        const headers: Record<string, string> =
          header === undefined ? {} : { "accept-language": header };
        const actual = await get(server, path, headers);
        const language = actual.headers.get("content-language") as string;
        const expected = await get(
          references.get(language) as ReturnType<typeof createApiServer>,
          path,
        );
        expect(actual.body).toEqual(expected.body);
      }),
      { numRuns: runs(200) },
    );
  });

  it("refuses translations, languages and zones it cannot read when it is made", () => {
    const cases: [Parameters<typeof createApiServer>[0], RegExp][] = [
      [
        { data: { _translations: [{ language: "fr" }] as never }, permanentTokens: [OWN] },
        /_translations\[0\]\.resource: expected a string/,
      ],
      [
        {
          data: {
            _translations: [
              { language: "not a tag", resource: "a", field: "b", text: "c", translation: "d" },
            ] as never,
          },
          permanentTokens: [OWN],
        },
        /_translations\[0\]\.language: expected a language tag/,
      ],
      [
        {
          data: {
            _translations: [
              { language: "fr", resource: "a", field: "b..c", text: "c", translation: "d" },
            ] as never,
          },
          permanentTokens: [OWN],
        },
        /_translations\[0\]\.field: expected a path/,
      ],
      [
        { data: {}, permanentTokens: [OWN], language: "en_US" },
        /option language: .*expected a language tag/,
      ],
      [
        { data: {}, users: { ann: { password: "p", language: "12" } } },
        /"ann": language: expected a language tag/,
      ],
      [
        { data: {}, users: { ann: { password: "p", timeZone: "Mars/Olympus" } } },
        /"ann": timeZone: /,
      ],
    ];
    for (const [options, message] of cases) {
      expect(() => createApiServer(options)).toThrow(InvalidOptionError);
      expect(() => createApiServer(options)).toThrow(message);
    }
  });
});

describe("Translations.read (grammar/language.md 6.11)", () => {
  const row = (language: string, translation: string) => ({
    language,
    resource: "findings",
    field: "definition.name",
    text: "Memory leak",
    translation,
  });

  it("keeps the first row of a text, leaves the server's own language's rows out, and copies only what changes", () => {
    const translations = Translations.read(
      [row("fr", "Fuite de mémoire"), row("FR", "Fuite"), row("en", "Leak")],
      "en",
    );
    expect(translations.languages).toEqual(["en", "fr"]);
    const records = [
      { id: 1, definition: { name: "Memory leak" } },
      { id: 2, definition: { name: "Other" } },
    ];
    const french = translations.localize("findings", records, "fr");
    expect(french).toEqual([{ id: 1, definition: { name: "Fuite de mémoire" } }, records[1]]);
    expect(french[1]).toBe(records[1]);
    expect(records[0]?.definition.name).toBe("Memory leak");
  });
});
