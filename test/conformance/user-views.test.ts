// runConformance told what each user sees (grammar/language.md 6.9–6.11, issue 47 §2): a
// policy's hidden fields are unknown ones to that user, its dates are read in its zone and its
// answers are in its language. A server that keeps to that agrees; one that lets a hidden
// field be filtered on, or reads the user's dates in UTC, does not.
import { describe, expect, it } from "vitest";
import { runConformance } from "../../src/conformance/run-conformance.ts";
import { InvalidOptionError } from "../../src/errors/invalid-input.ts";
import { schemas } from "../../src/schema/resources.ts";
import { type ApiUser, createApiServer } from "../../src/server/api-server.ts";
import { sample } from "./reference-server.ts";

const ANN = "ann-token-0123456789abcdef";
const CARL = "carl-token-0123456789abcdef";
const OWN = "server-own-token-0123456789";

const policy = {
  selectable: "id,status,definition,creationDate,projectId",
  filterable: "id,status,definition.name,creationDate",
  where: "status!=CLOSED",
};
// Kiritimati is 14 hours ahead of UTC: many projects' analysisTime fall on another day there.
const carl: ApiUser = {
  permanentTokens: [CARL],
  timeZone: "Pacific/Kiritimati",
  language: "fr",
  policies: { findings: policy },
};

/** `qaql serve`'s server over the sample, Carl as given (or as a mistaken server reads him). */
const serverWith = (user: ApiUser) =>
  createApiServer({
    data: sample,
    schemas: { findings: schemas.finding, projects: schemas.project },
    permanentTokens: [OWN],
    users: { ann: { projects: [101, 102], permanentTokens: [ANN] }, carl: user },
  });

const fetchOf = (server: ReturnType<typeof serverWith>) => (input: string, init: RequestInit) =>
  server.fetch(new Request(input, init));

const options = {
  url: "http://api.example/api",
  token: CARL,
  otherTokens: [ANN],
  resource: "findings",
  runs: 150,
  seed: 47,
  users: { [CARL]: { policy, timeZone: "Pacific/Kiritimati", language: "fr" } },
};

/** Carl's projects, which his policies leave whole: dates in his zone, texts in his language. */
const projectOptions = {
  ...options,
  resource: "projects",
  users: { [CARL]: { timeZone: "Pacific/Kiritimati", language: "fr" } },
};

describe("runConformance told what each user sees", () => {
  it("agrees with a server that hides a policy's fields and reads the user's zone and language", async () => {
    const report = await runConformance({ ...options, fetch: fetchOf(serverWith(carl)) });
    expect(report).toMatchObject({ agrees: true, users: 2 });
    const projects = await runConformance({ ...projectOptions, fetch: fetchOf(serverWith(carl)) });
    expect(projects).toMatchObject({ agrees: true, users: 2 });
  });

  it("without the views, takes the right answers for wrong ones", async () => {
    const { users: _users, ...blind } = options;
    const report = await runConformance({ ...blind, fetch: fetchOf(serverWith(carl)) });
    expect(report.agrees).toBe(false);
  });

  it("catches a server that lets a hidden field be filtered on, by probe and by generated request", async () => {
    const leaky = { ...carl, policies: { findings: { ...policy, filterable: undefined } } };
    for (const probes of [undefined, 0]) {
      const report = await runConformance({
        ...options,
        probes,
        fetch: fetchOf(serverWith(leaky)),
      });
      expect(report.agrees).toBe(false);
      if (report.agrees) return;
      expect(report.disagreement.expected).toBe("status 400 UNKNOWN_FIELD");
      // A 200, or another 400 that tells the field is there (a path through an array).
      expect(report.disagreement.received).not.toContain("UNKNOWN_FIELD");
      if (probes === 0) {
        expect(report.disagreement.reason).toBe(
          "a request naming a field this user does not see, not refused as an unknown one",
        );
      }
    }
  });

  it("catches a server that reads the user's dates in UTC, and one that answers in English", async () => {
    const utc = await runConformance({
      ...projectOptions,
      fetch: fetchOf(serverWith({ ...carl, timeZone: undefined })),
    });
    expect(utc.agrees).toBe(false);
    if (!utc.agrees) {
      expect(utc.disagreement.request).toContain("analysisTime");
      expect(utc.disagreement.timeZone).toBeUndefined();
    }
    const english = await runConformance({
      ...options,
      fetch: fetchOf(serverWith({ ...carl, language: undefined })),
    });
    expect(english.agrees).toBe(false);
    if (!english.agrees) {
      expect(english.disagreement.reason).toBe(
        "an answer to a user whose language is fr not said to be in it",
      );
    }
  });

  it("refuses a view of a token it was not given, or a policy that names an unknown field", async () => {
    const base = { ...options, fetch: fetchOf(serverWith(carl)) };
    await expect(runConformance({ ...base, users: { "another-token": {} } })).rejects.toThrow(
      InvalidOptionError,
    );
    const wrong = { [CARL]: { policy: { selectable: "id,nmae" } } };
    await expect(runConformance({ ...base, users: wrong })).rejects.toThrow(/policy/);
  });
});
