import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, extname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Every relative link in README.md and grammar/**/*.md must lead to a file of the repository
// that the npm package ships, and an #anchor into a Markdown file to one of its headings; no
// link, bare mention or source comment may point outside the repository (the design notes
// beside it stay outside: the reference is grammar/language.md).

const ROOT = join(import.meta.dirname, "..", "..");

/** One link or mention that does not hold, with where it is. */
interface Problem {
  readonly file: string;
  readonly line: number;
  readonly target: string;
  readonly reason: string;
}

/** What a check needs to know about the repository. */
interface Repository {
  readonly root: string;
  /** The package's `files`, relative to the root; undefined skips the check that links are shipped. */
  readonly packageFiles?: readonly string[] | undefined;
}

// Files npm ships whatever `files` says.
const ALWAYS_SHIPPED = /^(?:package\.json|README(?:\.[^/]*)?|LICEN[CS]E(?:\.[^/]*)?)$/i;
// A link with a scheme is no file of the repository; http(s) and mailto are checked elsewhere if at all.
const SKIPPED_SCHEME = /^(?:https?|mailto):/i;
const ANY_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
// The design notes' names: they lie outside the repository, whatever path leads to them.
const OUTSIDE_NAMES = /\b(?:LANGUAGE|STYLE|DEVELOPERS)\.md\b/g;
// A relative path that climbs out of its folder, as `../x` does.
const CLIMBING_PATH = /(?<![\w.])(?:\.\.\/)+[^\s`'"()<>[\],;]*/g;

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The text with fenced code blocks and inline code blanked out, line breaks kept. */
function withoutCode(text: string): string {
  const blank = (code: string) => code.replace(/[^\n]/g, " ");
  return text
    .replace(/^( {0,3})(```+|~~~+)[^\n]*\n[\s\S]*?^ {0,3}\2[^\n]*$/gm, blank)
    .replace(/(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, blank);
}

/** The targets of the links of a Markdown text: inline, reference definitions, HTML href/src. */
function linksIn(text: string): { target: string; line: number }[] {
  const prose = withoutCode(text);
  const links: { target: string; line: number }[] = [];
  const patterns = [
    /!?\[(?:[^[\]]|\[[^[\]]*\])*\]\(\s*(<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g,
    /^ {0,3}\[[^\]\n]+\]:[ \t]*(<[^>\n]*>|\S+)/gm,
    /\b(?:href|src)\s*=\s*"([^"]*)"/g,
  ];
  for (const pattern of patterns) {
    for (const match of prose.matchAll(pattern)) {
      const raw = match[1] ?? "";
      const target = raw.startsWith("<") ? raw.slice(1, -1) : raw;
      links.push({ target, line: lineOf(prose, match.index) });
    }
  }
  return links;
}

/** The anchors of a Markdown text's headings, as GitHub makes them, and of explicit `id`s. */
function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  const prose = text.replace(/^( {0,3})(```+|~~~+)[^\n]*\n[\s\S]*?^ {0,3}\2[^\n]*$/gm, "");
  for (const match of prose.matchAll(/^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/gm)) {
    const heading = (match[1] ?? "")
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/<[^>]+>/g, "")
      .replace(/`/g, "");
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const seen = counts.get(slug) ?? 0;
    counts.set(slug, seen + 1);
    anchors.add(seen === 0 ? slug : `${slug}-${seen}`);
  }
  for (const match of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1] ?? "");
  return anchors;
}

const isInside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
};

function isShipped(repository: Repository, path: string): boolean {
  const { packageFiles } = repository;
  if (packageFiles === undefined) return true;
  const rel = relative(repository.root, path).split(sep).join("/");
  if (ALWAYS_SHIPPED.test(rel)) return true;
  return packageFiles.some((entry) => {
    const base = entry.replace(/^\.\//, "").replace(/\/$/, "");
    if (base.includes("*")) {
      // A glob such as docs/*.md: `*` stands for any name within one folder.
      const pattern = base.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replaceAll("*", "[^/]*");
      return new RegExp(`^${pattern}$`).test(rel);
    }
    return rel === base || rel.startsWith(`${base}/`) || (rel === "" && base === "");
  });
}

/** Every link and mention of one Markdown file that does not hold. */
function checkMarkdown(repository: Repository, file: string): Problem[] {
  const { root } = repository;
  const text = readFileSync(file, "utf8");
  const name = relative(root, file).split(sep).join("/");
  const problems: Problem[] = [];
  const report = (line: number, target: string, reason: string) =>
    problems.push({ file: name, line, target, reason });

  for (const { target, line } of linksIn(text)) {
    if (SKIPPED_SCHEME.test(target)) continue;
    if (ANY_SCHEME.test(target)) {
      report(line, target, "a link with a scheme other than http(s) or mailto");
      continue;
    }
    const hash = target.indexOf("#");
    const pathPart = hash === -1 ? target : target.slice(0, hash);
    const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathPart);
    } catch {
      report(line, target, "a broken percent-escape");
      continue;
    }
    if (decoded.startsWith("/")) {
      report(line, target, "an absolute path: write it relative to the file");
      continue;
    }
    const resolved = decoded === "" ? file : resolve(dirname(file), decoded);
    if (!isInside(root, resolved)) {
      report(line, target, "points outside the repository");
      continue;
    }
    if (!existsSync(resolved)) {
      report(line, target, "no such file or directory");
      continue;
    }
    if (!isShipped(repository, resolved)) {
      report(line, target, "not in the package's files, so the link breaks once published");
      continue;
    }
    if (anchor !== undefined && anchor !== "") {
      const isMarkdown = statSync(resolved).isFile() && extname(resolved).toLowerCase() === ".md";
      if (isMarkdown && !headingAnchors(readFileSync(resolved, "utf8")).has(anchor)) {
        report(line, target, `no heading makes the anchor #${anchor}`);
      }
    }
  }
  problems.push(...checkMentions(repository, file).map((p) => ({ ...p, file: name })));
  return problems;
}

/**
 * The comments of a JavaScript or TypeScript text, everything else blanked (line breaks kept):
 * strings and template literals are skipped, so a test's fixtures are not read as comments.
 */
function commentsOf(code: string): string {
  let out = "";
  let i = 0;
  const keep = (from: number, to: number) => {
    out += code.slice(from, to);
  };
  const blank = (from: number, to: number) => {
    out += code.slice(from, to).replace(/[^\n]/g, " ");
  };
  while (i < code.length) {
    const c = code[i];
    const next = code[i + 1];
    if (c === "/" && next === "/") {
      const end = code.indexOf("\n", i);
      const stop = end === -1 ? code.length : end;
      keep(i, stop);
      i = stop;
    } else if (c === "/" && next === "*") {
      const end = code.indexOf("*/", i + 2);
      const stop = end === -1 ? code.length : end + 2;
      keep(i, stop);
      i = stop;
    } else if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < code.length && code[j] !== c && !(c !== "`" && code[j] === "\n")) {
        j += code[j] === "\\" ? 2 : 1;
      }
      blank(i, j + 1);
      i = j + 1;
    } else {
      blank(i, i + 1);
      i++;
    }
  }
  return out;
}

/** Bare mentions, in any text file (of a source file, in its comments), of what lies outside the repository. */
function checkMentions(repository: Repository, file: string): Problem[] {
  const raw = readFileSync(file, "utf8");
  const text = /\.(?:[cm]?[jt]s)$/.test(file) ? commentsOf(raw) : raw;
  const name = relative(repository.root, file).split(sep).join("/");
  const problems: Problem[] = [];
  for (const match of text.matchAll(OUTSIDE_NAMES)) {
    problems.push({
      file: name,
      line: lineOf(text, match.index),
      target: match[0],
      reason: "names the design input outside the repository: cite grammar/language.md",
    });
  }
  for (const match of text.matchAll(CLIMBING_PATH)) {
    if (!isInside(repository.root, resolve(dirname(file), match[0]))) {
      problems.push({
        file: name,
        line: lineOf(text, match.index),
        target: match[0],
        reason: "points outside the repository",
      });
    }
  }
  return problems;
}

function filesUnder(directory: string, keep: (path: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(path, keep));
    else if (keep(path)) found.push(path);
  }
  return found.sort();
}

const isMarkdownFile = (path: string) => extname(path).toLowerCase() === ".md";
const MARKDOWN = [
  join(ROOT, "README.md"),
  ...filesUnder(join(ROOT, "docs"), isMarkdownFile),
  ...filesUnder(join(ROOT, "grammar"), isMarkdownFile),
];
const SHIPPED_TEXT = filesUnder(join(ROOT, "grammar"), (path) =>
  [".md", ".ebnf", ".json", ".svg"].includes(extname(path).toLowerCase()),
);
const PACKAGE_FILES = (
  JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { files: string[] }
).files;
const REPOSITORY: Repository = { root: ROOT, packageFiles: PACKAGE_FILES };
const shortName = (path: string) => relative(ROOT, path).split(sep).join("/");

describe("links in README.md, docs/*.md and grammar/**/*.md", () => {
  it("checks the README, the docs, the reference and every grammar page", () => {
    const names = MARKDOWN.map(shortName);
    for (const name of [
      "README.md",
      "docs/language.md",
      "docs/testing.md",
      "grammar/language.md",
      "grammar/list-requests.md",
      "grammar/query-intervals.md",
      "grammar/conformance/README.md",
      "grammar/diagrams/README.md",
    ]) {
      expect(names).toContain(name);
    }
  });

  it.each(MARKDOWN.map((path) => [shortName(path), path]))(
    "%s: every relative link resolves inside the repository and the package",
    (_name, path) => {
      expect(checkMarkdown(REPOSITORY, path)).toEqual([]);
    },
  );

  it("no shipped grammar file names or climbs to a file outside the repository", () => {
    expect(SHIPPED_TEXT.flatMap((path) => checkMentions(REPOSITORY, path))).toEqual([]);
  });

  it("no source comment names or climbs to a file outside the repository", () => {
    const isSource = (path: string) =>
      /\.(?:[cm]?[jt]s)$/.test(path) && !path.includes(`${sep}node_modules${sep}`);
    const sources = ["src", "test", "bench", "scripts", "playground"].flatMap((folder) =>
      filesUnder(join(ROOT, folder), isSource),
    );
    expect(sources.length).toBeGreaterThan(300);
    expect(sources.flatMap((path) => checkMentions(REPOSITORY, path))).toEqual([]);
  });

  it("the reference links to the grammars, diagrams and vectors it stands beside", () => {
    const targets = linksIn(readFileSync(join(ROOT, "grammar", "language.md"), "utf8")).map(
      (link) => link.target,
    );
    for (const target of [
      "where.ebnf",
      "fields.ebnf",
      "diagrams/README.md",
      "conformance/README.md",
      "conformance/where.json",
      "conformance/fields.json",
      "conformance/evaluation.json",
      "conformance/sql.json",
      "conformance/list.json",
      "conformance/query-definitions.json",
    ]) {
      expect(targets).toContain(target);
    }
  });
});

describe("the link checker", () => {
  // Made before the first case runs and removed after the last, so a filtered run leaves nothing.
  let root = "";
  const write = (name: string, text: string) => {
    const path = join(root, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    return path;
  };
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "qaql-links-"));
    write("docs/target.md", "# Title\n\n## 2.3 Values are text; the field gives the type\n");
    write("docs/data.json", "{}\n");
    write("src/code.ts", "\n");
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const check = (text: string) =>
    checkMarkdown({ root, packageFiles: ["docs"] }, write("docs/page.md", text)).map((p) => [
      p.target,
      p.reason,
    ]);

  it("accepts files, directories, headings, web links and code", () => {
    expect(
      check(
        [
          "# Page",
          "[a](target.md) [b](./data.json) [c](../docs/) [d](target.md#title)",
          "[e](target.md#23-values-are-text-the-field-gives-the-type) [f](#page)",
          "[g](https://example.com/x) [h](mailto:a@b.c) [i]: target.md",
          "`[j](missing.md)` and",
          "```",
          "[k](missing.md)",
          "```",
        ].join("\n"),
      ),
    ).toEqual([]);
  });

  it("reports a missing file, a missing heading, and a file outside the package", () => {
    expect(
      check("[a](missing.md) [b](target.md#nothing) [c](#nowhere) [d](../src/code.ts)"),
    ).toEqual([
      ["missing.md", "no such file or directory"],
      ["target.md#nothing", "no heading makes the anchor #nothing"],
      ["#nowhere", "no heading makes the anchor #nowhere"],
      ["../src/code.ts", "not in the package's files, so the link breaks once published"],
    ]);
  });

  it("reports links and mentions that leave the repository", () => {
    expect(
      check("[a](../../shared/LANGUAGE.md) [b](/etc/hosts) [c](file:///etc/hosts)\n`../../x`"),
    ).toEqual([
      ["../../shared/LANGUAGE.md", "points outside the repository"],
      ["/etc/hosts", "an absolute path: write it relative to the file"],
      ["file:///etc/hosts", "a link with a scheme other than http(s) or mailto"],
      ["LANGUAGE.md", "names the design input outside the repository: cite grammar/language.md"],
      ["../../shared/LANGUAGE.md", "points outside the repository"],
      ["../../x", "points outside the repository"],
    ]);
  });

  it("reads a source file's comments only, not its strings", () => {
    const code = 'const a = "../../shared/STYLE.md"; // see STYLE.md\n/* LANGUAGE.md */ `x // y`';
    const comments = commentsOf(code);
    expect(comments).toHaveLength(code.length);
    expect(comments).not.toContain("shared");
    expect(comments).toContain("// see STYLE.md");
    expect(comments).toContain("/* LANGUAGE.md */");
    expect(comments).not.toContain("x // y");
  });

  it("makes anchors as GitHub does", () => {
    const anchors = headingAnchors(
      [
        "## 2. The `where` filter",
        "### 2.3 Values are text; the field gives the type",
        "## `query-definitions.json`: the query definition of `POST /artefacts/{artefact-id}/query`",
        "## Notes",
        "## Notes",
        "```",
        "## not a heading",
        "```",
      ].join("\n"),
    );
    expect([...anchors]).toEqual([
      "2-the-where-filter",
      "23-values-are-text-the-field-gives-the-type",
      "query-definitionsjson-the-query-definition-of-post-artefactsartefact-idquery",
      "notes",
      "notes-1",
    ]);
  });
});
