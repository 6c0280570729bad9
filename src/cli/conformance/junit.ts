// `qaql conformance --format junit`: the report as JUnit XML, one <testcase> per check of the
// run (report.checks), so that a CI server lists which checks a server passed, which one
// disagreed and how, and which the first disagreement kept from running. Times are left out:
// the same seed against the same server gives the same XML.
import type { ConformanceCheck } from "../../conformance/index.ts";
import { coverageText } from "./coverage-text.ts";
import type { ConformanceReport } from "./run-conformance.ts";

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "\r": "&#13;",
};
/** In an attribute, tabs and line ends too, which a reader would otherwise turn into spaces. */
const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  ...ESCAPES,
  "\t": "&#9;",
  "\n": "&#10;",
};

/** Whether XML 1.0 can hold a code point: not C0 controls but tab and line ends, not a lone surrogate, not U+FFFE or U+FFFF. */
function isXmlChar(code: number): boolean {
  if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d;
  return !(code >= 0xd800 && code <= 0xdfff) && code !== 0xfffe && code !== 0xffff;
}

/** Text as XML character data or an attribute value: what XML cannot hold is written `\uXXXX`. */
function escapeXml(text: string, attribute = false): string {
  const escapes = attribute ? ATTRIBUTE_ESCAPES : ESCAPES;
  let out = "";
  // By code point: a surrogate pair is one character, a lone surrogate one of its own.
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (!isXmlChar(code)) out += `\\u${code.toString(16).toUpperCase().padStart(4, "0")}`;
    else out += escapes[char] ?? char;
  }
  return out;
}

/** An element's attributes, written in the order given. */
const attributes = (pairs: Readonly<Record<string, string | number>>) =>
  Object.entries(pairs)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value), true)}"`)
    .join("");

/** What a CI reader needs to repeat the disagreement: the request, both answers, the seed, curl and the vector. */
function failureText(report: Extract<ConformanceReport, { ok: false }>): string {
  const d = report.disagreement;
  const replay = report.path
    ? `replay:   --seed ${report.seed} --path ${report.path} (shrunk in ${report.shrinks} steps)`
    : `replay:   the same --seed ${report.seed} repeats it`;
  return [
    `request:  ${d.request}${d.timeZone ? `  (timezone: ${d.timeZone})` : ""}`,
    `expected: ${d.expected}`,
    `received: ${d.received}`,
    replay,
    `curl:     ${d.curl}`,
    ...(d.vector ? [`vector of grammar/conformance/README.md: ${JSON.stringify(d.vector)}`] : []),
  ].join("\n");
}

/** What a check not run says: why it was left out, or that the run stopped first. */
function skippedText(check: ConformanceCheck): string {
  return `${check.outcome}${check.note ? `: ${check.note}` : ""}`;
}

/**
 * The report as a JUnit XML document: one <testsuite> for the run, with its seed, path,
 * resource, records and users as <properties>, a <testcase> per check (a <failure> for the one
 * that disagreed, <skipped> for those not reached or left out), and the coverage as
 * <system-out>.
 */
export function formatJunit(report: ConformanceReport): string {
  const { checks } = report;
  const failures = checks.filter((check) => check.outcome === "disagrees").length;
  const skipped = checks.filter(
    (check) => check.outcome === "not reached" || check.outcome === "left out",
  ).length;
  const properties: Record<string, string | number> = {
    seed: report.seed,
    ...(!report.ok && report.path !== "" && { path: report.path }),
    resource: report.resource,
    records: report.records,
    users: report.users,
    probes: report.probes,
    runs: report.runs,
    requests: report.coverage.requests,
  };
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes({ name: "qaql conformance", tests: checks.length, failures, errors: 0 })}>`,
    `  <testsuite${attributes({
      name: `qaql conformance: ${report.resource}`,
      tests: checks.length,
      failures,
      errors: 0,
      skipped,
    })}>`,
    "    <properties>",
    ...Object.entries(properties).map(
      ([name, value]) => `      <property${attributes({ name, value })}/>`,
    ),
    "    </properties>",
  ];
  for (const check of checks) {
    const testcase = `    <testcase${attributes({
      classname: `qaql.conformance.${report.resource}.${check.kind}`,
      name: check.name,
    })}`;
    if (check.outcome === "agrees") {
      lines.push(`${testcase}/>`);
    } else if (check.outcome === "disagrees" && !report.ok) {
      lines.push(
        `${testcase}>`,
        `      <failure${attributes({ message: report.disagreement.reason, type: "disagreement" })}>${escapeXml(failureText(report))}</failure>`,
        "    </testcase>",
      );
    } else {
      // The reason as text: the Jenkins JUnit schema (junit-4.xsd) gives <skipped> no attributes.
      lines.push(
        `${testcase}>`,
        `      <skipped>${escapeXml(skippedText(check))}</skipped>`,
        "    </testcase>",
      );
    }
  }
  lines.push(
    `    <system-out>${escapeXml(coverageText(report.coverage))}</system-out>`,
    "  </testsuite>",
    "</testsuites>",
  );
  return `${lines.join("\n")}\n`;
}

/**
 * A run the server ended before any report (an answer past the kit's bounds, a server it
 * cannot reach) as a JUnit XML document: one <testcase>, reading the server, with an <error>.
 */
export function formatJunitError(resource: string, message: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes({ name: "qaql conformance", tests: 1, failures: 0, errors: 1 })}>`,
    `  <testsuite${attributes({ name: `qaql conformance: ${resource}`, tests: 1, failures: 0, errors: 1, skipped: 0 })}>`,
    `    <testcase${attributes({ classname: `qaql.conformance.${resource}.fixed`, name: "the server can be read" })}>`,
    `      <error${attributes({ message, type: "unreadable" })}>${escapeXml(message)}</error>`,
    "    </testcase>",
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
