// Work is paid for before it runs (grammar/language.md 6.8): each client's requests are
// admitted against its share of the server's time and its places, charged at admission.
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import { Admission, type ClientShare } from "../../src/server/admission.ts";
import { ApiError } from "../../src/server/api-error.ts";
import { createApiServer } from "../../src/server/api-server.ts";
import { WorkBudget } from "../../src/server/work-budget.ts";

const request = (headers: Record<string, string> = {}) =>
  new Request("http://api.example/api/projects", { headers });

function admissionOf(share: Partial<ClientShare> = {}, queryTime = { burst: 1000, perSecond: 50 }) {
  const clock = { now: 0 };
  const now = () => clock.now;
  const budget = new WorkBudget(now, queryTime);
  const admission = new Admission(
    now,
    { burst: 100, perSecond: 10, inFlight: 2, waiting: 2, ...share },
    budget,
    0,
  );
  return { admission, clock, budget };
}

/** Whether a promise has settled by the time the queued callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 5));
  return done;
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** The shipped sample, read anew for each server: a server's first request builds its indexes. */
const sample = () =>
  JSON.parse(readFileSync(new URL("../../sample/dump.json", import.meta.url), "utf8")) as Record<
    string,
    object[]
  >;

describe("admission", () => {
  it("answers at most inFlight requests of a client at once; the next waits its turn, first come first served", async () => {
    const { admission } = admissionOf({ inFlight: 2, waiting: 8 });
    const first = await admission.admit("ann", "item", request());
    const second = await admission.admit("ann", "item", request());
    const third = admission.admit("ann", "item", request());
    const fourth = admission.admit("ann", "item", request());
    // Another client is not held up.
    await admission.admit("bob", "item", request());
    expect(await settled(third)).toBe(false);
    first.end();
    expect(await settled(third)).toBe(true);
    expect(await settled(fourth)).toBe(false);
    second.end();
    expect(await settled(fourth)).toBe(true);
  });

  it("refuses a request when too many of the client's wait, with a 429 and Retry-After", async () => {
    const { admission } = admissionOf({ inFlight: 1, waiting: 1 });
    await admission.admit("ann", "item", request());
    void admission.admit("ann", "item", request());
    const error = await refusal(admission.admit("ann", "item", request()));
    expect(error.status).toBe(429);
    expect(error.toJSON()).toMatchObject({ code: "TOO_MANY_REQUESTS", retryAfter: 1 });
    expect(error.headers["retry-after"]).toBe("1");
  });

  it("charges at admission what the kind of request last cost, and refuses past the share", async () => {
    const { admission, clock } = admissionOf({ burst: 30, perSecond: 1, inFlight: 4 });
    // A first dump is charged 20 ms at admission, before anything is known of its cost.
    const dump = await admission.admit("ann", "dump", request());
    const second = await admission.admit("ann", "dump", request());
    // 30 - 40 < 0: the third would wait 10 s for its time to come back, past the 5 s a request waits.
    const error = await refusal(admission.admit("ann", "dump", request()));
    expect(error.toJSON()).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect(Number(error.headers["retry-after"])).toBeGreaterThanOrEqual(10);
    // Once they end, each is settled to what it took (almost nothing): the time comes back.
    dump.end();
    second.end();
    clock.now += 1000;
    await admission.admit("ann", "dump", request());
  });

  it("waits for the time to come back when it comes within 5 s", async () => {
    const { admission } = admissionOf({ burst: 1, perSecond: 1000 });
    (await admission.admit("ann", "list", request())).end();
    // The list cost ~0 ms when settled; 5 ms charged at admission made the bucket negative only briefly.
    const started = performance.now();
    const ticket = await admission.admit("ann", "dump", request());
    const next = admission.admit("ann", "dump", request());
    ticket.end();
    await next;
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("runs one query definition of a client at a time, and reserves its cost from its body", async () => {
    const { admission } = admissionOf({ burst: 10_000, perSecond: 10, inFlight: 4 });
    const running = await admission.admit("ann", "query", request({ "content-length": "4096" }));
    const error = await refusal(admission.admit("ann", "query", request()));
    expect(error.toJSON()).toMatchObject({ code: "TOO_MANY_QUERIES", retryAfter: 1 });
    await admission.admit("bob", "query", request());
    running.end();
    (await admission.admit("ann", "query", request())).end();
  });

  it("refuses a query once the client's query time is spent, before anything else", async () => {
    const { admission, budget } = admissionOf(
      { burst: 10_000, perSecond: 10 },
      { burst: 10, perSecond: 1 },
    );
    // While it runs, the definition holds its reservation (50 ms for a first, more than the 10).
    const big = await admission.admit("ann", "query", request({ "content-length": "262144" }));
    expect(budget.wait("ann")).toBeGreaterThan(0);
    // However fast it ran, its 256 KiB body costs 64 ms: 10 - 64 leaves the client 54 ms short.
    big.end({ body: 262_144, search: 0, answer: 0 });
    expect(budget.wait("ann")).toBe(54);
    const error = await refusal(admission.admit("ann", "query", request()));
    expect(error.toJSON()).toMatchObject({ code: "TOO_MANY_QUERIES", retryAfter: 54 });
  });
});

describe("query definitions sent at once", () => {
  it("run one at a time: of 40 sent together by one client, one runs and the others are 429s", async () => {
    const token = "query-flood-token-0123456789";
    const server = createApiServer({ data: sample(), permanentTokens: [token] });
    const body = JSON.stringify({ columns: [{ type: "MEASURE", id: "LOC" }] });
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        server.fetch(
          new Request("http://api.example/api/artefacts/1000/query", {
            method: "POST",
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
            body,
          }),
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(39);
    // Refusals are answered after a second (their Retry-After), so a flood's connections wait.
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(answers.find((answer) => answer.status === 429)?.headers.get("connection")).toBe(
      "close",
    );
    // Once it is answered, the next runs.
    const next = await server.fetch(
      new Request("http://api.example/api/artefacts/1000/query", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body,
      }),
    );
    expect(next.status).toBe(200);
  });
});

describe("what a request costs at least", () => {
  /** Two lists of one client, the first with `where`, on a server giving 100 ms at once, then 10 a second. */
  async function twoLists(where: string) {
    const token = "long-filter-client-0123456789";
    const server = createApiServer({
      data: sample(),
      permanentTokens: [token],
      clientShare: { burst: 100, perSecond: 10, inFlight: 2, waiting: 8 },
    });
    const list = (search: string) =>
      server.fetch(
        new Request(`http://api.example/api/projects${search}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      );
    const first = await list(`?where=${encodeURIComponent(where)}`);
    const second = await list("");
    return {
      first: first.status,
      second: second.status,
      body: (await second.json()) as { code: string; retryAfter: number },
    };
  }

  it("is 1 ms per KiB of its where, however fast it was refused", async () => {
    // 200 KiB cost 200 ms: the client is 100 ms short, which 10 ms a second give back in 10 s.
    const long = await twoLists("x".repeat(200 * 1024));
    expect(long.first).toBe(400);
    expect(long.second).toBe(429);
    expect(long.body).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect(long.body.retryAfter).toBeGreaterThanOrEqual(9);
    expect(long.body.retryAfter).toBeLessThanOrEqual(11);
    const short = await twoLists("x");
    expect([short.first, short.second]).toEqual([400, 200]);
  });
});

describe("a request that waits for its client's share", () => {
  it("is answered, the client's side of the connection closed or not", async () => {
    const token = "half-closing-client-0123456789";
    const server = createApiServer({
      data: sample(),
      permanentTokens: [token],
      // A first list with a 4 KiB filter costs at least 4 ms, 3 more than the bucket: the next
      // waits 60 ms at least, and under 5 s (a 429) while the first takes under 250 ms.
      clientShare: { burst: 1, perSecond: 50, inFlight: 2, waiting: 8 },
    });
    const { port } = await server.listen(0);
    try {
      const statusLine = (search = "") =>
        new Promise<string>((resolve) => {
          const socket = connect(port, "127.0.0.1", () =>
            socket.end(
              `GET /api/projects${search} HTTP/1.1\r\nhost: x\r\nconnection: close\r\nauthorization: Bearer ${token}\r\n\r\n`,
            ),
          );
          const chunks: Buffer[] = [];
          socket.on("data", (chunk: Buffer) => chunks.push(chunk));
          socket.on("close", () =>
            resolve(Buffer.concat(chunks).toString().split("\r\n")[0] ?? ""),
          );
        });
      expect(await statusLine(`?where=name~${"x".repeat(4096)}`)).toBe("HTTP/1.1 200 OK");
      const started = performance.now();
      expect(await statusLine()).toBe("HTTP/1.1 200 OK");
      expect(performance.now() - started).toBeGreaterThan(50);
    } finally {
      await server.close();
    }
  });
});

describe("the clientShare option", () => {
  it.each([
    ["no place", { burst: 1000, perSecond: 100, inFlight: 0, waiting: 32 }],
    ["no time", { burst: 0, perSecond: 100, inFlight: 2, waiting: 32 }],
    ["a fraction of a request", { burst: 1000, perSecond: 100, inFlight: 2, waiting: 1.5 }],
  ])("refuses %s with an InvalidOptionError naming it", (_, clientShare) => {
    const make = () =>
      createApiServer({ data: { projects: [] }, permanentTokens: ["t".repeat(24)], clientShare });
    expect(make).toThrow(InvalidOptionError);
    expect(make).toThrow(/clientShare/);
  });
});
