// runConformance with two users and languages (grammar/language.md 6.10, 6.11): a server that
// keeps to both agrees; one that answers another's record, or a list in the wrong language,
// does not.
import { describe, expect, it } from "vitest";
import { runConformance } from "../../src/conformance/run-conformance.ts";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import { schemas } from "../../src/schema/resources.ts";
import { createApiServer } from "../../src/server/api-server.ts";
import { sample } from "./reference-server.ts";

const ANN = "ann-token-0123456789abcdef";
const BOB = "bob-token-0123456789abcdef";
const OWN = "server-own-token-0123456789";

const server = createApiServer({
  data: sample,
  schemas: { findings: schemas.finding },
  permanentTokens: [OWN],
  users: {
    ann: { projects: [101, 102], permanentTokens: [ANN] },
    bob: { projects: ["checkout-web", 103], permanentTokens: [BOB], language: "de" },
  },
});

type Handle = (request: Request) => Promise<Response>;

/** `fetch` as the runner calls it, answered by `handle` without a socket. */
const fetchOf = (handle: Handle) => (input: string, init: RequestInit) =>
  handle(new Request(input, init));

const options = {
  url: "http://api.example/api",
  token: ANN,
  otherTokens: [BOB],
  languages: ["fr", "de"],
  resource: "findings",
  runs: 150,
};

describe("runConformance with two users and languages", () => {
  it("agrees with a server that keeps each user to its own, in each language", async () => {
    const report = await runConformance({ ...options, fetch: fetchOf((r) => server.fetch(r)) });
    expect(report).toMatchObject({ agrees: true, users: 2, runs: 150 });
  });

  it("catches a server that answers one user's finding to another", async () => {
    // Items are answered as the server's own token sees them: everything.
    const leaky: Handle = (request) => {
      const path = new URL(request.url).pathname;
      if (!/^\/api\/findings\/[^/]+$/.test(path)) return server.fetch(request);
      const headers = new Headers(request.headers);
      headers.set("authorization", `Bearer ${OWN}`);
      return server.fetch(new Request(request.url, { headers }));
    };
    const report = await runConformance({ ...options, fetch: fetchOf(leaky), seed: 7 });
    expect(report.agrees).toBe(false);
    if (report.agrees) return;
    expect(report.disagreement.reason).toMatch(
      /another user sees is not the 404 of a record nobody has/,
    );
  });

  it("catches a server that filters in one language and answers in another", async () => {
    // A filtered list is answered in the server's language, though it says it is in the one asked for.
    const monolingual: Handle = async (request) => {
      const url = new URL(request.url);
      const language = request.headers.get("accept-language");
      if (!url.searchParams.has("where") || language === null) return server.fetch(request);
      const headers = new Headers(request.headers);
      headers.delete("accept-language");
      const answer = await server.fetch(new Request(request.url, { headers }));
      const out = new Response(answer.body, answer);
      out.headers.set("content-language", language);
      return out;
    };
    const report = await runConformance({ ...options, fetch: fetchOf(monolingual), seed: 11 });
    expect(report.agrees).toBe(false);
    if (report.agrees) return;
    expect(report.disagreement.reason).toMatch(/different items/);
  });

  it("refuses a language the server does not have, and options of the wrong shape", async () => {
    await expect(
      runConformance({ ...options, languages: ["es"], fetch: fetchOf((r) => server.fetch(r)) }),
    ).rejects.toThrow(/Accept-Language: es answered in en: name only languages the server has/);
    await expect(runConformance({ ...options, otherTokens: [""] })).rejects.toThrow(
      InvalidOptionError,
    );
    await expect(runConformance({ ...options, languages: ["fr_FR"] })).rejects.toThrow(
      InvalidOptionError,
    );
  });
});

describe("runConformance and the order of an item's keys (grammar/language.md 3.2)", () => {
  /** Each item's keys sorted, as a server that builds its items from the selection might. */
  const reorder = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(reorder)
      : typeof value === "object" && value !== null
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, reorder((value as Record<string, unknown>)[key])]),
          )
        : value;

  it("catches a server whose items hold their keys in another order than the record's", async () => {
    const sorted: Handle = async (request) => {
      const answer = await server.fetch(request);
      const url = new URL(request.url);
      if (answer.status !== 200 || !url.searchParams.has("fields")) return answer;
      const body = (await answer.json()) as Record<string, unknown>;
      const items =
        body.findings === undefined ? reorder(body) : { ...body, findings: reorder(body.findings) };
      return new Response(JSON.stringify(items), { status: 200, headers: answer.headers });
    };
    const report = await runConformance({
      url: "http://api.example/api",
      token: OWN,
      resource: "findings",
      runs: 100,
      seed: 3,
      fetch: fetchOf(sorted),
    });
    expect(report.agrees).toBe(false);
    if (report.agrees) return;
    expect(report.disagreement.reason).toMatch(/keys in another order than the record's/);
  });
});

describe("runConformance's fixed checks: page sizes and tokens (grammar/language.md 6.4, 6.8)", () => {
  const base = { url: "http://api.example/api", token: OWN, resource: "findings", runs: 5 };
  /** The server, but for one kind of request answered otherwise. */
  const unless =
    (
      when: (url: URL, request: Request) => boolean,
      answer: (request: Request) => Promise<Response>,
    ): Handle =>
    (request) =>
      when(new URL(request.url), request) ? answer(request) : server.fetch(request);

  it.each([
    [
      "a default page size of 10",
      unless(
        (url) =>
          url.pathname === "/api/findings" &&
          !url.searchParams.has("size") &&
          !url.searchParams.has("page"),
        (request) => server.fetch(new Request(`${request.url}?size=10`, request)),
      ),
      /not the first page of 20 \(the default size\)/,
    ],
    [
      "no largest size",
      unless(
        (url) => url.searchParams.get("size") === "1001",
        (request) => server.fetch(new Request(request.url.replace("1001", "1000"), request)),
      ),
      /a size past the largest, 1000, is not a 400 SIZE_TOO_LARGE/,
    ],
    [
      "lists answered without a token",
      unless(
        (_, request) => !request.headers.has("authorization"),
        (request) =>
          server.fetch(new Request(request.url, { headers: { authorization: `Bearer ${OWN}` } })),
      ),
      /with no Authorization header is not a 401/,
    ],
  ])("catches %s", async (_name, handle, reason) => {
    const report = await runConformance({ ...base, fetch: fetchOf(handle) });
    expect(report.agrees).toBe(false);
    if (report.agrees) return;
    expect(report.disagreement.reason).toMatch(reason);
  });

  it("checks the sizes the server says it has", async () => {
    const small = createApiServer({
      data: sample,
      permanentTokens: [OWN],
      schemas: { findings: schemas.finding },
      defaultSize: 5,
      maxSize: 50,
    });
    const fetch = fetchOf((request) => small.fetch(request));
    expect(await runConformance({ ...base, fetch, defaultSize: 5, maxSize: 50 })).toMatchObject({
      agrees: true,
    });
    const report = await runConformance({ ...base, fetch });
    expect(report.agrees).toBe(false);
  });
});
