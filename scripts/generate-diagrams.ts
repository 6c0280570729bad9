/**
 * Draws the railroad diagrams of grammar/diagrams/ from the parsers themselves: chevrotain's
 * serialized grammar (GAST) of each parser becomes one standalone SVG per rule, plus an index,
 * grammar/diagrams/README.md. Nothing is loaded from the network, and the output depends only
 * on the grammars, so CI can check that `npm run generate` leaves the tree unchanged.
 *
 * Usage: `npm run generate` writes the files; `npm run generate -- --check` writes nothing and
 * exits with 1 if any file would change.
 *
 * To add a language, add an entry to `grammars` below.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ISerializedGast, TokenType } from "chevrotain";
import { WHERE_OPERATORS } from "../src/ast/where-grammar.ts";
import { FieldsRules } from "../src/syntax/fields-rules.ts";
import { fieldsTokens } from "../src/syntax/fields-tokens.ts";
import { WhereRules } from "../src/syntax/where-rules.ts";
import { whereTokens } from "../src/syntax/where-tokens.ts";

/** A token class drawn as one box, with what it stands for in the index. */
interface TokenClass {
  readonly label: string;
  readonly meaning: string;
}

/** One language whose parser is drawn. */
interface GrammarSource {
  /** Folder under grammar/diagrams/ and prefix of the titles. */
  readonly name: string;
  /** Heading in the index. */
  readonly title: string;
  /** The normative grammar, relative to grammar/. */
  readonly ebnf: string;
  /** The section of grammar/language.md that the grammar implements. */
  readonly section: string;
  /** The parser's serialized grammar; `getSerializedGastProductions()` of a parser instance. */
  readonly productions: () => readonly ISerializedGast[];
  /** Every token type the parser knows, to label terminals by their patterns. */
  readonly tokens: readonly TokenType[];
  /**
   * Labels of the tokens that a pattern does not name (regular expressions, categories);
   * a token that is neither here nor a literal stops the script, so none is drawn unnamed.
   */
  readonly tokenClasses: Readonly<Record<string, TokenClass>>;
  /** A line about each rule for the index, such as its name in the EBNF; optional per rule. */
  readonly ruleNotes: Readonly<Record<string, string>>;
  /** Said once under the heading: how the diagrams differ from the EBNF. */
  readonly preface: string;
}

const grammars: readonly GrammarSource[] = [
  {
    name: "where",
    title: "`where`",
    ebnf: "where.ebnf",
    section: "2.2",
    productions: () => new WhereRules().getSerializedGastProductions(),
    tokens: whereTokens,
    tokenClasses: {
      Path: { label: "path", meaning: "identifiers joined by `.` (1.3), other than a keyword" },
      Comparator: { label: "comparator", meaning: operatorsOf("comparison") },
      PatternOperator: { label: "pattern operator", meaning: operatorsOf("pattern") },
      Value: { label: "value", meaning: 'a quoted value (`"…"`, `""` for `"`) or a bare value' },
      PatternText: {
        label: "pattern",
        meaning: "`[*] (quoted | barecore) [*]`, one token with its wildcards",
      },
    },
    ruleNotes: {
      where:
        "`where`, `or`, `and`, `term`, `predicate` and `list` of the EBNF in one rule, as the " +
        "parser has them (a rule call costs a parse more than a loop does); `comparator` stands " +
        "for `compare`, and the EBNF also allows white space around the filter",
    },
    preface:
      "The lexer skips white space, so the diagrams do not show it; the EBNF says where it is " +
      "required (around `AND`, `OR` and between a path and a keyword) and where it is optional. " +
      "Keywords match in any case.",
  },
  {
    name: "fields",
    title: "`fields`",
    ebnf: "fields.ebnf",
    section: "3.1",
    productions: () => new FieldsRules().getSerializedGastProductions(),
    tokens: fieldsTokens,
    tokenClasses: {
      Path: { label: "path", meaning: "identifiers joined by `.` (1.3)" },
    },
    ruleNotes: {
      fields: "`fields` in the EBNF",
      item: "`item` in the EBNF; nothing may be selected inside `_links` (3.2)",
    },
    preface:
      "The lexer skips white space, which is allowed between any two tokens and around the " +
      "selection.",
  },
];

const ROOT = fileURLToPath(new URL("../grammar/diagrams/", import.meta.url));

// --- railroad-diagrams (tabatkins, CC0): CommonJS without types, so typed here --------------

/** An element of railroad-diagrams; `toString()` gives its SVG text. */
interface Item {
  tagName: string;
  attrs: Record<string, string | number>;
  children: (Item | string)[];
  format(): Item;
}

interface Railroad {
  Diagram(...items: Item[]): Item;
  Sequence(...items: Item[]): Item;
  Choice(normal: number, ...items: Item[]): Item;
  Optional(item: Item): Item;
  OneOrMore(item: Item, repeat?: Item): Item;
  ZeroOrMore(item: Item, repeat?: Item): Item;
  Terminal(text: string): Item;
  NonTerminal(text: string): Item;
  Skip(): Item;
}

const rr = createRequire(import.meta.url)("railroad-diagrams") as Railroad;

// The package's stylesheet, embedded so that each SVG stands alone.
const STYLE = `<style>
svg.railroad-diagram { background-color: hsl(30, 20%, 95%); }
svg.railroad-diagram path { stroke-width: 3; stroke: black; fill: rgba(0, 0, 0, 0); }
svg.railroad-diagram text { font: bold 14px monospace; text-anchor: middle; fill: black; }
svg.railroad-diagram rect { stroke-width: 3; stroke: black; fill: hsl(120, 100%, 90%); }
svg.railroad-diagram a rect { fill: hsl(200, 100%, 92%); }
</style>
`;

// --- from chevrotain's serialized grammar to railroad items ---------------------------------

/** The fields of a serialized GAST node that chevrotain's `ISerializedGast` type leaves out. */
/** The operators of the table that make a node of `kind`, as the legend lists them. */
function operatorsOf(kind: string): string {
  return WHERE_OPERATORS.filter((operator) => operator.node === kind)
    .map((operator) => `\`${operator.text}\``)
    .join(" ");
}

interface GastNode extends ISerializedGast {
  readonly name?: string;
  readonly separator?: GastNode;
  readonly definition?: GastNode[];
}

/** Labels each terminal of a grammar once, failing on a token that has no readable name. */
function createLabeler(grammar: GrammarSource): (tokenName: string) => string {
  const byName = new Map(grammar.tokens.map((t) => [t.name, t]));
  return (tokenName) => {
    const known = grammar.tokenClasses[tokenName];
    if (known) return known.label;
    const token = byName.get(tokenName);
    if (token?.LABEL !== undefined && token.LABEL !== tokenName) return token.LABEL;
    const pattern = token?.PATTERN;
    if (typeof pattern === "string") return /^[A-Za-z]+$/.test(pattern) ? pattern : `"${pattern}"`;
    // Keywords are case-insensitive regular expressions of letters only: drawn upper-case.
    if (pattern instanceof RegExp && /^[A-Za-z]+$/.test(pattern.source)) {
      return pattern.source.toUpperCase();
    }
    throw new Error(
      `${grammar.name}: give the token ${tokenName} a label in tokenClasses (scripts/generate-diagrams.ts)`,
    );
  };
}

function toItem(node: GastNode, label: (tokenName: string) => string): Item {
  const inner = () => sequence(node.definition ?? [], label);
  switch (node.type) {
    case "Terminal":
      return rr.Terminal(label(nameOf(node)));
    case "NonTerminal":
      return linked(rr.NonTerminal(nameOf(node)), nameOf(node));
    case "Alternative":
      return inner();
    case "Alternation":
      return rr.Choice(0, ...(node.definition ?? []).map((alt) => toItem(alt, label)));
    case "Option":
      return rr.Optional(inner());
    case "Repetition":
      return rr.ZeroOrMore(inner());
    case "RepetitionMandatory":
      return rr.OneOrMore(inner());
    case "RepetitionWithSeparator":
      return rr.ZeroOrMore(inner(), toItem(separatorOf(node), label));
    case "RepetitionMandatoryWithSeparator":
      return rr.OneOrMore(inner(), toItem(separatorOf(node), label));
    default:
      throw new Error(`cannot draw a GAST node of type ${node.type}`);
  }
}

function sequence(nodes: readonly GastNode[], label: (tokenName: string) => string): Item {
  const items = nodes.map((n) => toItem(n, label));
  if (items.length === 1) return items[0] as Item;
  return items.length === 0 ? rr.Skip() : rr.Sequence(...items);
}

function nameOf(node: GastNode): string {
  if (node.name === undefined) throw new Error(`a GAST ${node.type} without a name`);
  return node.name;
}

function separatorOf(node: GastNode): GastNode {
  if (!node.separator) throw new Error(`a GAST ${node.type} without a separator`);
  return node.separator;
}

// A rule box links to that rule's diagram when the SVG is opened on its own. railroad-diagrams
// draws it as a <g>; renaming the element keeps its layout, and the package has one version.
function linked(box: Item, rule: string): Item {
  box.tagName = "a";
  box.attrs.href = `${rule}.svg`;
  return box;
}

/** The standalone SVG text of one rule. */
function renderRule(grammar: GrammarSource, rule: GastNode): string {
  const label = createLabeler(grammar);
  const diagram = rr.Diagram(...(rule.definition ?? []).map((n) => toItem(n, label)));
  diagram.attrs.xmlns = "http://www.w3.org/2000/svg";
  diagram.attrs.role = "img";
  diagram.attrs["aria-label"] = `${grammar.name} grammar, rule ${nameOf(rule)}`;
  diagram.format();
  diagram.children.unshift(`<title>${grammar.name}: ${nameOf(rule)}</title>\n`, STYLE);
  return String(diagram);
}

// --- the index -------------------------------------------------------------------------------

function renderIndex(rendered: readonly { grammar: GrammarSource; rules: string[] }[]): string {
  const lines = [
    "<!-- Generated by `npm run generate` (scripts/generate-diagrams.ts); do not edit. -->",
    "",
    "# Railroad diagrams",
    "",
    "Drawn from the parsers' own grammars (chevrotain's serialized GAST), one SVG per rule. The",
    "EBNF files in `grammar/` spell out the grammars; [language.md](../language.md) is the reference for both.",
    "A rounded box is a token, a square box another rule (a link when the SVG is opened alone).",
  ];
  for (const { grammar, rules } of rendered) {
    lines.push("", `## ${grammar.title}`, "");
    lines.push(
      `[language.md](../language.md) ${grammar.section}; grammar: [${grammar.ebnf}](../${grammar.ebnf}).`,
      grammar.preface,
    );
    const classes = Object.values(grammar.tokenClasses);
    if (classes.length > 0) {
      lines.push("", "| token | stands for |", "|---|---|");
      // A "|" would end the table cell, even inside backticks.
      const cell = (text: string) => text.replaceAll("|", "\\|");
      for (const c of classes) lines.push(`| \`${cell(c.label)}\` | ${cell(c.meaning)} |`);
    }
    for (const rule of rules) {
      const note = grammar.ruleNotes[rule];
      lines.push("", `### ${rule}`, "");
      if (note) lines.push(note, "");
      lines.push(`![${grammar.name} rule ${rule}](${grammar.name}/${rule}.svg)`);
    }
  }
  return `${lines.join("\n")}\n`;
}

// --- writing ---------------------------------------------------------------------------------

const check = process.argv.includes("--check");
const changed: string[] = [];

function put(file: string, text: string): void {
  let old: string | undefined;
  try {
    old = readFileSync(file, "utf8");
  } catch {
    old = undefined;
  }
  if (old === text) return;
  changed.push(file);
  if (!check) writeFileSync(file, text);
}

const rendered: { grammar: GrammarSource; rules: string[] }[] = [];
for (const grammar of grammars) {
  const dir = join(ROOT, grammar.name);
  if (!check) mkdirSync(dir, { recursive: true });
  const rules = (grammar.productions() as GastNode[]).filter((p) => p.type === "Rule");
  const names = rules.map(nameOf);
  // A note about a rule the parser no longer has would describe a diagram that is not there.
  const stale = Object.keys(grammar.ruleNotes).filter((rule) => !names.includes(rule));
  if (stale.length > 0) {
    throw new Error(
      `${grammar.name}: the parser has no rule ${stale.join(", ")}; update ruleNotes (scripts/generate-diagrams.ts)`,
    );
  }
  for (const rule of rules) put(join(dir, `${nameOf(rule)}.svg`), renderRule(grammar, rule));
  // A rule that was renamed or removed must not leave its old diagram behind.
  let existing: string[] = [];
  try {
    existing = readdirSync(dir);
  } catch {
    existing = [];
  }
  for (const file of existing.sort()) {
    if (file.endsWith(".svg") && !names.includes(file.slice(0, -4))) {
      changed.push(join(dir, file));
      if (!check) rmSync(join(dir, file));
    }
  }
  rendered.push({ grammar, rules: names });
}
put(join(ROOT, "README.md"), renderIndex(rendered));

if (check && changed.length > 0) {
  console.error(
    `grammar/diagrams is out of date; run npm run generate:\n  ${changed.join("\n  ")}`,
  );
  process.exit(1);
}
console.log(
  check
    ? "grammar/diagrams is up to date"
    : `grammar/diagrams: ${changed.length} file(s) written or removed`,
);
