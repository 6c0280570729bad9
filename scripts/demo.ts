// `npm start` until the command line exists: parses filters from LANGUAGE.md, shows one error
// and one projection.
import {
  compileFields,
  formatFields,
  formatWhere,
  parseFields,
  parseWhere,
  safeParseWhere,
} from "../src/index.ts";

const filters = [
  "type.id=FOLDER and rank>=2",
  "name~*.java",
  "status in ( OPEN , NEW )",
  '(name~"*.java" OR name~*.ts) AND (rank>="2" AND owner IS not NULL)',
  'name="My ""big"" project" OR path~"src/main dir"*',
];

console.log("Canonical forms (LANGUAGE.md 2.6):");
for (const text of filters) {
  console.log(`  ${text}\n    -> ${formatWhere(parseWhere(text))}`);
}

const broken = "type.id=FOLDER AND rank>=";
const result = safeParseWhere(broken);
if (!result.success) {
  console.log(`\nA rejected filter (${result.error.code} at offset ${result.error.offset}):`);
  console.log(result.error.message);
}

const selection = "id,status(id,name),definition.name,status.id";
const finding = {
  id: 7,
  tool: "checker",
  status: { id: "OPEN", name: "Open", color: 3 },
  definition: { id: "R1", name: "Avoid nested loops", families: ["PERF"] },
  _links: { self: { href: "/api/findings/7" } },
};
console.log(
  `\nA selection (LANGUAGE.md 3): ${selection} -> ${formatFields(parseFields(selection))}`,
);
console.log(JSON.stringify(compileFields(selection)(finding)));
