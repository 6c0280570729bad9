// What a wrong password costs (grammar/language.md 6.10): growing waits per user name from one
// address, per address and per name; checks in turn by address; and no user told apart by time.
import { describe, expect, it } from "vitest";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import { type ApiUser, createApiServer } from "../../src/server/api-server.ts";
import { digestPassword } from "../../src/server/password-digest.ts";

const data = { projects: [{ id: 1, name: "one" }] };
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

function serverOf(users: Record<string, string | ApiUser>) {
  const clock = { now: Date.UTC(2026, 0, 1) };
  const server = createApiServer({ data, users, now: () => clock.now });
  const login = async (user: string, password: string, address: string) => {
    const response = await server.fetch(
      new Request("http://api.example/api/token", {
        headers: { authorization: basic(user, password) },
      }),
      { address },
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { clock, login };
}

describe("wrong passwords", () => {
  it("make each next attempt on one name from one address wait, twice as long each time, the right password too", async () => {
    const { clock, login } = serverOf({ ann: "right" });
    for (let i = 0; i < 5; i++) expect((await login("ann", "wrong", "10.0.0.1")).status).toBe(401);
    expect((await login("ann", "wrong", "10.0.0.1")).status).toBe(401);
    // Six failures: the next attempt waits 1 s, and is refused before its password is read.
    const refused = await login("ann", "right", "10.0.0.1");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "TOO_MANY_LOGIN_ATTEMPTS", retryAfter: 1 });
    // Another address is not held up by them.
    expect((await login("ann", "right", "10.0.0.2")).status).toBe(200);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      clock.now += (waits.at(-1) ?? 1) * 1000;
      expect((await login("ann", "wrong", "10.0.0.1")).status).toBe(401);
      const next = await login("ann", "right", "10.0.0.1");
      expect(next.status).toBe(429);
      waits.push(next.body.retryAfter as number);
    }
    // After ten failures, a guess every 16 s, then 32 s: a few a minute, then fewer.
    expect(waits).toEqual([2, 4, 8, 16, 32]);
    clock.now += 32_000;
    expect((await login("ann", "right", "10.0.0.1")).status).toBe(200);
    // A success forgets that name's failures from that address.
    expect((await login("ann", "wrong", "10.0.0.1")).status).toBe(401);
    expect((await login("ann", "right", "10.0.0.1")).status).toBe(200);
  }, 30_000);

  it("from one address, of any names, past 20 hold up every name from it", async () => {
    const { login } = serverOf({ ann: "right" });
    for (let i = 0; i < 20; i++) {
      expect((await login(`guess${i % 4}`, "wrong", "10.0.0.9")).status).toBe(401);
    }
    expect((await login("nobody", "wrong", "10.0.0.9")).status).toBe(401);
    expect((await login("ann", "right", "10.0.0.9")).body).toMatchObject({
      code: "TOO_MANY_LOGIN_ATTEMPTS",
    });
    expect((await login("ann", "right", "10.0.0.10")).status).toBe(200);
  }, 10_000);

  it("for one name, past 100 from any addresses, hold up that name from everywhere", async () => {
    const { clock, login } = serverOf({ ann: "right", bob: "right" });
    for (let i = 0; i < 101; i++) {
      expect((await login("ann", "wrong", `10.1.${i >> 8}.${i & 255}`)).status).toBe(401);
    }
    const refused = await login("ann", "right", "10.2.0.1");
    expect(refused.body).toMatchObject({ code: "TOO_MANY_LOGIN_ATTEMPTS", retryAfter: 1 });
    expect((await login("bob", "right", "10.2.0.1")).status).toBe(200);
    clock.now += 1000;
    expect((await login("ann", "right", "10.2.0.1")).status).toBe(200);
  }, 10_000);

  it("wait at most 15 minutes, and are forgotten 15 minutes after the last", async () => {
    const { clock, login } = serverOf({ ann: "right" });
    // 5 free, then waits of 1 s doubling: after the 16th failure, 1,024 s is cut to 900.
    for (let failure = 1; failure <= 16; failure++) {
      expect((await login("ann", "wrong", "10.0.0.1")).status).toBe(401);
      if (failure > 5 && failure < 16) clock.now += 1000 * 2 ** (failure - 6);
    }
    const capped = await login("ann", "right", "10.0.0.1");
    expect(capped.body).toMatchObject({ code: "TOO_MANY_LOGIN_ATTEMPTS", retryAfter: 900 });
    clock.now += 900_000;
    expect((await login("ann", "wrong", "10.0.0.1")).status).toBe(401);
    const after = await login("ann", "right", "10.0.0.1");
    expect(after.body.retryAfter).toBe(900);
    // Fifteen minutes after the last failure, and its wait over, they are forgotten: the
    // next failure is a first one again.
    clock.now += 900_001;
    expect((await login("ann", "wrong", "10.0.0.1")).status).toBe(401);
    expect((await login("ann", "right", "10.0.0.1")).status).toBe(200);
  }, 20_000);

  it("check passwords one at a time, each address in turn, so a flood's queue does not hold up another address", async () => {
    const digest = await digestPassword("right");
    const { login } = serverOf({ ann: { passwordDigest: digest } });
    const order: string[] = [];
    const track = (who: string, attempt: Promise<{ status: number }>) =>
      attempt.then((answer) => {
        order.push(`${who} ${answer.status}`);
      });
    const flood = Array.from({ length: 5 }, (_, i) =>
      track(`flood${i}`, login(`x${i}`, "wrong", "10.6.6.6")),
    );
    const ann = track("ann", login("ann", "right", "10.1.1.1"));
    // One runs and four wait: a sixth at once from the flood's address is refused unchecked.
    const sixth = login("x5", "wrong", "10.6.6.6");
    await Promise.all([...flood, ann]);
    expect((await sixth).body).toMatchObject({ code: "TOO_MANY_LOGIN_ATTEMPTS" });
    // Ann's check ran second: after the flood's first, before its other four.
    expect(order).toEqual([
      "flood0 401",
      "ann 200",
      "flood1 401",
      "flood2 401",
      "flood3 401",
      "flood4 401",
    ]);
  }, 30_000);
});

describe("password digests of different costs", () => {
  it("are refused when the server is made: a wrong password would tell their users apart", async () => {
    const cheap = `$scrypt$ln=10,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$${"A".repeat(43)}`;
    const dear = await digestPassword("pw");
    const make = () =>
      createApiServer({
        data,
        users: { ann: { passwordDigest: dear }, bob: { passwordDigest: cheap } },
      });
    expect(make).toThrow(InvalidOptionError);
    expect(make).toThrow(
      'createApiServer: option users: the password digests have different scrypt costs, ln=15,r=8,p=1 ("ann"), ln=10,r=8,p=1 ("bob"): a wrong password would take another time for some users and tell them apart; digest every password with one cost (qaql serve --digest-password)',
    );
  });
});
