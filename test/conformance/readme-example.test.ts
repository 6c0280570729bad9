// docs/testing.md's vitest example runs below the line; there it imports `runConformance` from
// "qaql/conformance" and `expect, it` from "vitest", and the environment names a team's API.
// Here the environment names `qaql serve`'s server, started on 127.0.0.1.
import { afterAll, beforeAll, expect, it } from "vitest";
import { runConformance } from "../../src/conformance/index.ts";
import { startServer } from "./reference-server.ts";

let stop: () => Promise<void> = async () => {};
beforeAll(async () => {
  const { server, url, token } = await startServer();
  stop = () => server.close();
  process.env.API_URL = url;
  process.env.API_TOKEN = token;
});
afterAll(async () => {
  delete process.env.API_URL;
  delete process.env.API_TOKEN;
  await stop();
});

// ---------------------------------------------------------------------------------------------

it("answers list requests as qaql's reference does", async () => {
  const url = process.env.API_URL ?? "http://127.0.0.1:8080/api";
  const token = process.env.API_TOKEN ?? "";
  const report = await runConformance({ url, token, resource: "artefacts", runs: 200 });
  // On a disagreement the message shows it: request, reason, expected, received, seed, path.
  expect(report, JSON.stringify(report, null, 2)).toMatchObject({ agrees: true });
}, 120_000);
