import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toSql } from "../../src/api/to-sql.ts";
import { schemas } from "../../src/schema/resources.ts";
import { parseFields } from "../../src/syntax/parse-fields.ts";
import { parseWhere } from "../../src/syntax/parse-where.ts";
import { CLI, runCli } from "../support/run-cli.ts";

const scratch = mkdtempSync(join(tmpdir(), "qaql-cli-"));

describe("qaql check", () => {
  it("says valid with the canonical form, exit 0", () => {
    const run = runCli([
      "check",
      "--where",
      "type.id=FOLDER and rank>=2",
      "--fields",
      "id,level.id",
    ]);
    expect(run).toMatchObject({ status: 0, stderr: "" });
    expect(run.stdout).toBe(
      "where: valid, canonical form: type.id=FOLDER AND rank>=2\n" +
        "fields: valid, canonical form: id,level.id\n",
    );
  });

  it("prints the diagnostic with its caret, exit 1 (grammar/language.md 5)", () => {
    const run = runCli(["check", "--where", "type.id=FOLDER AND rank>="]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe(
      'where: expected a value after ">=" at column 26\n' +
        "  type.id=FOLDER AND rank>=\n" +
        "                           ^\n",
    );
  });

  it("lists every problem against a schema, each with its caret", () => {
    const run = runCli(["check", "--where", "nope=1 AND id=x", "--schema", "project"]);
    expect(run.status).toBe(1);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toBe('where: unknown field "nope" at column 1');
    expect(lines[2]).toBe("  ^^^^");
    expect(lines[3]).toMatch(/^where: "id" is an integer field.* at column 15$/);
    expect(lines[5]).toBe("                ^");
  });

  it("checks a selection against a schema file", () => {
    const schemaFile = join(scratch, "schema.json");
    writeFileSync(schemaFile, JSON.stringify({ id: "integer", owner: { name: "string" } }));
    expect(runCli(["check", "--fields", "id,owner(name)", "--schema", schemaFile]).status).toBe(0);
    const run = runCli(["check", "--fields", "id,owner(mail)", "--schema", schemaFile]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('unknown field "owner.mail" at column 10');
  });

  it.each([
    [["check"], "give --where, --fields or both"],
    [["check", "--where"], "--where"],
    [["check", "--wher", "a=1"], "--wher"],
    [["check", "--where", "a=1", "extra"], 'unexpected argument "extra"'],
    [["nope"], 'unknown command "nope"'],
  ])("%j is a usage error, exit 2", (args, words) => {
    const run = runCli(args);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(words);
    expect(run.stderr).toContain("--help");
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
  });

  it.each([
    [
      "project.json is missing",
      ["--schema", join(scratch, "missing.json")],
      "cannot read the schema",
    ],
    ["an unknown resource", ["--schema", "projectz"], 'unknown schema "projectz"'],
    ["a bad shape", ["--schema", "BAD"], 'at "id": unknown type "int"'],
  ])("a bad --schema (%s) is one line, exit 1", (_, schemaArgs, words) => {
    writeFileSync(join(scratch, "bad.json"), JSON.stringify({ id: "int" }));
    const args = schemaArgs.map((arg) => (arg === "BAD" ? join(scratch, "bad.json") : arg));
    const run = runCli(["check", "--where", "id=1", ...args]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(words);
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
  });
});

describe("the nearest name for a mistyped one", () => {
  it.each([
    [["filter", "--wher", "id=1"], "Unknown option '--wher': did you mean --where?"],
    [["filter", "--feilds", "id"], "Unknown option '--feilds': did you mean --fields?"],
    [["serve", "--schma", "x"], "Unknown option '--schma': did you mean --schema?"],
    [["filtr"], 'unknown command "filtr": did you mean filter?'],
  ])("%j is a usage error that names the option meant", (args, message) => {
    const run = runCli(args);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
  });

  it("suggests nothing for a name near none", () => {
    const run = runCli(["filter", "--xyzzy", "1"]);
    expect(run.stderr).toContain("Unknown option '--xyzzy' (see");
    expect(runCli(["zzz"]).stderr).toContain('unknown command "zzz" (see');
  });

  it("suggests the schema name meant", () => {
    const run = runCli(["check", "--where", "id=1", "--schema", "artefakt"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('unknown schema "artefakt"');
    expect(run.stderr).toContain("did you mean artefact?");
  });
});

describe("qaql fmt and qaql ast", () => {
  it("prints canonical forms, filter first", () => {
    const run = runCli(["fmt", "--fields", "a.b,a.c", "--where", "status in ( OPEN , NEW )"]);
    expect(run).toMatchObject({ status: 0, stdout: "status IN (OPEN,NEW)\na(b,c)\n" });
  });

  it("reports a bad text on stderr with its caret, exit 1", () => {
    const run = runCli(["fmt", "--where", "a=1 AND"]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^where: .* at column 8\n {2}a=1 AND\n {9}\^\n$/);
  });

  it("prints the same AST as the library, as JSON", () => {
    const where = 'name~"*.java" OR rank>2';
    const fields = "id,level(id)";
    expect(JSON.parse(runCli(["ast", "--where", where]).stdout)).toEqual(parseWhere(where));
    expect(JSON.parse(runCli(["ast", "--where", where, "--fields", fields]).stdout)).toEqual({
      where: parseWhere(where),
      fields: parseFields(fields),
    });
  });
});

describe("qaql sql", () => {
  it("prints the library's SQL and parameters", () => {
    const where = "type.id=FOLDER AND rank>=2";
    const run = runCli(["sql", "--where", where, "--dialect", "postgres", "--schema", "artefact"]);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(
      toSql(where, { dialect: "postgres", schema: schemas.artefact }),
    );
  });

  it("reads a column map and a JSON column", () => {
    const map = join(scratch, "columns.json");
    writeFileSync(map, JSON.stringify({ "type.id": "kind" }));
    const columns = runCli([
      "sql",
      "--where",
      "type.id=A",
      "--dialect",
      "sqlite",
      "--schema",
      "artefact",
      "--columns",
      map,
    ]);
    expect(JSON.parse(columns.stdout).sql).toContain('"kind"');
    const json = runCli([
      "sql",
      "--where",
      "rank>1",
      "--dialect",
      "duckdb",
      "--schema",
      "artefact",
      "--json",
      "doc",
    ]);
    expect(JSON.parse(json.stdout)).toEqual(
      toSql("rank>1", { dialect: "duckdb", schema: schemas.artefact, json: "doc" }),
    );
  });

  it.each([
    [["--dialect", "oracle", "--schema", "artefact"], 'unknown dialect "oracle"'],
    [["--schema", "artefact"], "--dialect is required"],
    [["--dialect", "mysql"], "--schema is required"],
    [
      ["--dialect", "mysql", "--schema", "artefact", "--json", "d", "--columns", "c.json"],
      "exclude each other",
    ],
  ])("%j is a usage error", (args, words) => {
    const run = runCli(["sql", "--where", "id=1", ...args]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(words);
  });

  it.each([
    [{ name: { column: "n", dateStorage: "epochmillis" } }, 'columns["name"].dateStorage'],
    [
      { name: { column: 42 } },
      'columns["name"].column: expected a non-empty column name; found 42',
    ],
    [{ nmae: "n" }, 'columns["nmae"]: "nmae" is not a field of the schema'],
  ])("a column map %j that toSql cannot use is one line naming the file, exit 1", (map, words) => {
    const file = join(scratch, "bad-columns.json");
    writeFileSync(file, JSON.stringify(map));
    const run = runCli([
      "sql",
      "--where",
      "name=x",
      "--dialect",
      "sqlite",
      "--schema",
      "artefact",
      "--columns",
      file,
    ]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `qaql: the column map ${JSON.stringify(file)}: ${run.stderr.split(": ").slice(2).join(": ")}`,
    );
    expect(run.stderr).toContain(words);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("rejects a filter that does not fit the schema, exit 1", () => {
    const run = runCli(["sql", "--where", "owner=x", "--dialect", "mysql", "--schema", "artefact"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('unknown field "owner"');
  });
});

describe("help and version", () => {
  it.each(["filter", "check", "fmt", "ast", "sql"])(
    "qaql %s --help prints usage, exit 0",
    (name) => {
      const run = runCli([name, "--help"]);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^Usage: qaql ${name} `));
    },
  );

  it("lists the commands, and prints the package version", async () => {
    const { version } = (await import("../../package.json", { with: { type: "json" } })).default;
    expect(runCli(["--help"]).stdout).toMatch(/filter .*\n.*check/);
    expect(runCli(["--version"]).stdout).toBe(`${version}\n`);
    expect(runCli([]).status).toBe(2);
  });

  it("colours only on a terminal and never with NO_COLOR", () => {
    // Without a terminal there is no escape sequence, whatever the environment says.
    const run = runCli(["check", "--where", "a="], { env: { FORCE_COLOR: "1" } });
    expect(run.stdout).not.toContain("\x1b[");
  });
});

describe("on a terminal", () => {
  // `script` gives the command a pseudo-terminal, as a person's shell would.
  const onTerminal = (env: Record<string, string>) =>
    spawnSync(
      "script",
      ["-qec", `"${process.execPath}" "${CLI}" check --where "a="`, "/dev/null"],
      {
        encoding: "utf8",
        env: { PATH: process.env.PATH ?? "", TERM: "xterm", ...env },
      },
    ).stdout;

  it("colours the diagnostic", () => {
    expect(onTerminal({})).toContain("\x1b[33m");
  });

  it("does not colour with NO_COLOR set", () => {
    expect(onTerminal({ NO_COLOR: "1" })).not.toContain("\x1b[");
  });
});

describe("qaql on the command line, as a careless user types it (issue 13)", () => {
  it("takes --page -1 as --page=-1 and says the same of it", () => {
    const spaced = runCli(["filter", "--resource", "artefacts", "--page", "-1"]);
    const joined = runCli(["filter", "--resource", "artefacts", "--page=-1"]);
    expect(spaced.status).toBe(1);
    expect(spaced.stderr).toContain('page: expected a page number (1, 2, 3, …) but found "-1"');
    expect(spaced).toEqual(joined);
  });

  // The machine's own Node, where it is older than qaql supports (Debian's is 20 here).
  const oldNode = ["/usr/bin/node", "/usr/local/bin/node"].find((path) => {
    const version = spawnSync(path, ["--version"], { encoding: "utf8" }).stdout ?? "";
    return /^v(\d+)\./.test(version) && Number(version.slice(1).split(".")[0]) < 22;
  });
  it.runIf(oldNode !== undefined)("on Node.js older than 22, says so and exits 2", () => {
    const run = spawnSync(oldNode as string, [CLI, "filter", "--resource", "artefacts"], {
      encoding: "utf8",
    });
    const version = spawnSync(oldNode as string, ["--version"], { encoding: "utf8" }).stdout;
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `qaql needs Node.js 22 or newer (this is ${version.trim().slice(1)})\n`,
    );
  });
});
