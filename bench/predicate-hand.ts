// The baseline of the predicate benchmark: each filter written by hand as one closure, with the
// semantics of grammar/language.md 2.3–2.4 for these records: a null or absent value fails every
// comparison (`!=` included), numbers are compared only when the value is a number, strings only
// when it is a string, and patterns are `startsWith` / `endsWith` / `includes` on strings.
// Fields are read as plain properties (`record.rank`): their names are fixed and none is
// inherited from Object.prototype, so no own-property test is needed here.
import type { Artefact, LargeArtefact } from "./artefacts-data.ts";

/** `type.id=FOLDER AND rank>=2` */
export function handSmall(r: Artefact): boolean {
  return r.type?.id === "FOLDER" && typeof r.rank === "number" && r.rank >= 2;
}

/** `(name~*.java OR name~*.ts) AND rank>=2 AND status IN (OPEN,NEW) AND owner IS NOT NULL` */
export function handMedium(r: Artefact): boolean {
  const name = r.name;
  if (typeof name !== "string" || !(name.endsWith(".java") || name.endsWith(".ts"))) return false;
  const rank = r.rank;
  if (typeof rank !== "number" || !(rank >= 2)) return false;
  const status = r.status;
  return (status === "OPEN" || status === "NEW") && r.owner != null;
}

/** `name="My ""big"" project" OR path~"src/main dir"*` */
export function handQuoted(r: Artefact): boolean {
  if (r.name === 'My "big" project') return true;
  const path = r.path;
  return typeof path === "string" && path.startsWith("src/main dir");
}

/** The 40-term filter of bench/parse-filters.ts: ten conjunctions of four terms, ORed. */
export function handLarge(record: Artefact): boolean {
  const r = record as LargeArtefact;
  return (
    (r.f0 === "v0" &&
      typeof r.f1 === "number" &&
      r.f1 >= 1 &&
      typeof r.f2 === "string" &&
      r.f2.endsWith("x2") &&
      typeof r.f3 === "string" &&
      r.f3 !== "v3") ||
    (typeof r.g4?.sub === "number" &&
      r.g4.sub < 4 &&
      typeof r.f5 === "string" &&
      r.f5.startsWith("x5") &&
      typeof r.f6 === "number" &&
      r.f6 <= 6 &&
      typeof r.f7 === "number" &&
      r.f7 > 7) ||
    (typeof r.f8 === "string" &&
      r.f8.includes("x8") &&
      r.g9?.sub === "v9" &&
      typeof r.f10 === "number" &&
      r.f10 >= 10 &&
      typeof r.f11 === "string" &&
      r.f11.endsWith("x11")) ||
    (typeof r.f12 === "string" &&
      r.f12 !== "v12" &&
      typeof r.f13 === "number" &&
      r.f13 < 13 &&
      typeof r.g14?.sub === "string" &&
      r.g14.sub.startsWith("x14") &&
      typeof r.f15 === "number" &&
      r.f15 <= 15) ||
    (typeof r.f16 === "number" &&
      r.f16 > 16 &&
      typeof r.f17 === "string" &&
      r.f17.includes("x17") &&
      r.f18 === "v18" &&
      typeof r.g19?.sub === "number" &&
      r.g19.sub >= 19) ||
    (typeof r.f20 === "string" &&
      r.f20.endsWith("x20") &&
      typeof r.f21 === "string" &&
      r.f21 !== "v21" &&
      typeof r.f22 === "number" &&
      r.f22 < 22 &&
      typeof r.f23 === "string" &&
      r.f23.startsWith("x23")) ||
    (typeof r.g24?.sub === "number" &&
      r.g24.sub <= 24 &&
      typeof r.f25 === "number" &&
      r.f25 > 25 &&
      typeof r.f26 === "string" &&
      r.f26.includes("x26") &&
      r.f27 === "v27") ||
    (typeof r.f28 === "number" &&
      r.f28 >= 28 &&
      typeof r.g29?.sub === "string" &&
      r.g29.sub.endsWith("x29") &&
      typeof r.f30 === "string" &&
      r.f30 !== "v30" &&
      typeof r.f31 === "number" &&
      r.f31 < 31) ||
    (typeof r.f32 === "string" &&
      r.f32.startsWith("x32") &&
      typeof r.f33 === "number" &&
      r.f33 <= 33 &&
      typeof r.g34?.sub === "number" &&
      r.g34.sub > 34 &&
      typeof r.f35 === "string" &&
      r.f35.includes("x35")) ||
    (r.f36 === "v36" &&
      typeof r.f37 === "number" &&
      r.f37 >= 37 &&
      typeof r.f38 === "string" &&
      r.f38.endsWith("x38") &&
      typeof r.g39?.sub === "string" &&
      r.g39.sub !== "v39")
  );
}
