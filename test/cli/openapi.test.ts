import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { apiServerOpenApi } from "../../src/server/api-server-openapi.ts";
import { runCli } from "../support/run-cli.ts";

const scratch = mkdtempSync(join(tmpdir(), "qaql-openapi-"));

const printed = (document: object) => `${JSON.stringify(document, null, 2)}\n`;

describe("qaql openapi", () => {
  it("prints the whole document, two-space indented, exit 0", () => {
    const run = runCli(["openapi"]);
    expect(run).toMatchObject({ status: 0, stderr: "" });
    expect(run.stdout).toBe(printed(apiServerOpenApi()));
  });

  it.each(["projects", "artefacts", "findings"] as const)(
    "restricts the document to one resource with --resource %s",
    (resource) => {
      const run = runCli(["openapi", "--resource", resource]);
      expect(run.status).toBe(0);
      expect(run.stdout).toBe(printed(apiServerOpenApi({ resources: [resource] })));
      const paths = Object.keys((JSON.parse(run.stdout) as { paths: object }).paths);
      expect(
        paths
          .filter((path) => path !== "/token" && path !== "/dump")
          .every((p) => p.startsWith(`/${resource}`)),
      ).toBe(true);
    },
  );

  it("takes the vendor and the page sizes", () => {
    const run = runCli(["openapi", "--vendor", "acme", "--default-size", "5", "--max-size", "50"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      printed(apiServerOpenApi({ vendor: "acme", defaultSize: 5, maxSize: 50 })),
    );
    expect(run.stdout).toContain('"application/vnd.acme.app-v2+json"');
    expect(run.stdout).toContain('"maximum": 50');
  });

  it("writes to --out, and nothing to stdout", () => {
    const out = join(scratch, "openapi.json");
    const run = runCli(["openapi", "--resource", "findings", "--out", out]);
    expect(run).toMatchObject({ status: 0, stdout: "", stderr: "" });
    expect(readFileSync(out, "utf8")).toBe(printed(apiServerOpenApi({ resources: ["findings"] })));
    expect(readdirSync(scratch)).toEqual(["openapi.json"]);
  });

  it("leaves no file behind when it cannot write one, exit 1", () => {
    const out = join(scratch, "missing", "openapi.json");
    const run = runCli(["openapi", "--out", out]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("cannot write");
    expect(existsSync(out)).toBe(false);
  });

  // One row: the arguments, and what the usage error says.
  it.each([
    [
      ["--resource", "users"],
      '--resource must be projects, artefacts, findings, models or versions, not "users"',
    ],
    [["--vendor", "acme/x"], '--vendor: expected letters, digits, "." and "-"; found "acme/x"'],
    [["--max-size", "0"], '--max-size must be a whole number from 1, not "0"'],
    [["--default-size", "-1"], '--default-size must be a whole number from 1, not "-1"'],
    [
      ["--default-size", "30", "--max-size", "10"],
      "--default-size must be at most the largest page size, 10, not 30",
    ],
    [
      ["--default-size", "2000"],
      "--default-size must be at most the largest page size, 1000, not 2000",
    ],
    [["--where", "a=1"], "Unknown option '--where'"],
    [["spec.json"], 'unexpected argument "spec.json"'],
  ])("refuses %j as a usage error, exit 2", (args, message) => {
    const run = runCli(["openapi", ...args]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(`qaql: ${message} (see "qaql openapi --help")\n`);
  });

  it("is listed in the help", () => {
    expect(runCli(["--help"]).stdout).toMatch(/^ {2}openapi {6}print the OpenAPI 3\.1 document/m);
    const help = runCli(["openapi", "--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("--resource NAME");
  });
});
