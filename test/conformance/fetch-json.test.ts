// The kit waits for a server that paces it (grammar/language.md 6.8) instead of judging its 429.
import { describe, expect, it } from "vitest";
import { fetchJson } from "../../src/conformance/fetch-json.ts";

const paced = () =>
  new Response(JSON.stringify({ status: 429, code: "TOO_MANY_REQUESTS", retryAfter: 1 }), {
    status: 429,
    headers: { "content-type": "application/json", "retry-after": "1" },
  });

describe("fetchJson", () => {
  it("sends a paced request again after its Retry-After, and judges the answer that follows", async () => {
    const sent: number[] = [];
    const answers = [paced(), new Response('{"projects":[]}', { status: 200 })];
    const fetcher = async () => {
      sent.push(performance.now());
      return answers.shift() as Response;
    };
    const answer = await fetchJson(fetcher, "http://api.example/api/projects", {});
    expect(answer).toMatchObject({ status: 200, body: { projects: [] } });
    expect(sent).toHaveLength(2);
    expect((sent[1] as number) - (sent[0] as number)).toBeGreaterThanOrEqual(950);
  });

  it("sets no deadline of its own: the guard's timeout, as long as it is, is the only one", async () => {
    const signals: unknown[] = [];
    const fetcher = async (_input: string, init: RequestInit) => {
      signals.push(init.signal);
      return new Response("{}", { status: 200 });
    };
    await fetchJson(fetcher, "http://api.example/api/projects", {});
    expect(signals).toEqual([undefined]);
  });

  it("judges any other 429 as it is", async () => {
    const fetcher = async () =>
      new Response(JSON.stringify({ code: "TOO_MANY_QUERIES", retryAfter: 1 }), { status: 429 });
    const answer = await fetchJson(fetcher, "http://api.example/api/artefacts/1/query", {});
    expect(answer).toMatchObject({ status: 429, body: { code: "TOO_MANY_QUERIES" } });
  });
});
