// `npm start` until the command line exists: parses filters from LANGUAGE.md and shows one error.
import { formatWhere, parseWhere, safeParseWhere } from "../src/index.ts";

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
