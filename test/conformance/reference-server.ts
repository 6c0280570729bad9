import { readFileSync } from "node:fs";
import type { Evaluate } from "../../src/conformance/reference-evaluate.ts";
import { schemas } from "../../src/schema/resources.ts";
import { createApiServer } from "../../src/server/api-server.ts";

const USER = "alice";
const PASSWORD = "s3cret";

/** The shipped sample dump, which `qaql serve` answers with. */
export const sample = JSON.parse(
  readFileSync(new URL("../../sample/dump.json", import.meta.url), "utf8"),
) as Record<string, object[]>;

/**
 * `qaql serve`'s server over the sample on 127.0.0.1 (any free port), with the API's schemas,
 * and a token for it; `evaluate` replaces the reference evaluation to make a wrong server.
 */
export async function startServer(evaluate?: Evaluate) {
  const server = createApiServer({
    data: sample,
    user: USER,
    password: PASSWORD,
    schemas: { artefacts: schemas.artefact, projects: schemas.project, findings: schemas.finding },
    ...(evaluate && { evaluate }),
  });
  const { url } = await server.listen(0);
  const basic = Buffer.from(`${USER}:${PASSWORD}`).toString("base64");
  const response = await fetch(`${url}/token`, { headers: { authorization: `Basic ${basic}` } });
  const { token } = (await response.json()) as { token: string };
  return { server, url, token };
}
