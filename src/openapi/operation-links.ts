// The OpenAPI `links` of the server's answers: which operation each of their `_links` names,
// and with which parameters (grammar/language.md 6.5, 6.8).
import type { ApiResourceName } from "../schema/resources.ts";
import type { JsonSchema } from "./openapi-types.ts";

/** What a record's links are written from: its resource, component name and id parameter. */
export interface LinkedResource {
  readonly name: ApiResourceName;
  /** The component name of one record, `Project`: its operation is `getProject`. */
  readonly title: string;
  /** The path parameter naming one record: `projectId`. */
  readonly idName: string;
}

/** A link to a list operation's pages: the request's own parameters, and `page` when given. */
function pageLink(
  operationId: string,
  pathParameters: readonly string[],
  page: string | undefined,
  description: string,
): JsonSchema {
  const parameters = Object.fromEntries([
    ...pathParameters.map((name) => [name, `$request.path.${name}`]),
    ...["where", "fields"].map((name) => [name, `$request.query.${name}`]),
    ...(page === undefined ? [] : [["page", page]]),
    ["size", "$request.query.size"],
    ["timezone", "$request.header.timezone"],
  ]);
  return { operationId, parameters, description };
}

/**
 * The OpenAPI links of a list's page: its `_links`, each the same operation with another page.
 * No runtime expression can read a number out of an `href`, so `last`, `previous` and `next`
 * say in words that their page is the one in it.
 */
export function pageLinks(operationId: string, pathParameters: readonly string[]): JsonSchema {
  const other = (name: string, when: string) =>
    pageLink(
      operationId,
      pathParameters,
      undefined,
      `_links.${name}.href, present ${when}: this request with page set to the number in that href.`,
    );
  return {
    self: pageLink(operationId, pathParameters, "$request.query.page", "_links.self.href."),
    first: pageLink(operationId, pathParameters, "1", "_links.first.href."),
    last: other("last", "always"),
    previous: other("previous", "where page > 1"),
    next: other("next", "where page < last"),
  };
}

/** The OpenAPI links of one record: the operations its `_links` name, where the document has them. */
export function recordLinks(
  resource: LinkedResource,
  has: (name: ApiResourceName) => boolean,
): JsonSchema {
  const link = (operationId: string, name: string, value: string, description: string) => ({
    operationId,
    parameters: { [name]: value },
    description,
  });
  const self = `$request.path.${resource.idName}`;
  const projectOf = (of: string) =>
    link("getProject", "projectId", "$response.body#/projectId", `_links.project.href: ${of}.`);
  const links: Record<string, JsonSchema> = {
    self: link(`get${resource.title}`, resource.idName, self, "_links.self.href: this record."),
  };
  if (resource.name === "projects" && has("artefacts")) {
    links.artefacts = link(
      "listProjectArtefacts",
      "projectName",
      "$response.body#/name",
      "_links.artefacts.href: the project's artefacts, by its name.",
    );
  }
  if (resource.name === "artefacts") {
    if (has("projects")) links.project = projectOf("the artefact's project");
    if (has("findings")) {
      links.findings = link(
        "listArtefactFindings",
        "artefactId",
        self,
        "_links.findings.href: the findings in this artefact or below it.",
      );
    }
    links.query = link(
      "queryArtefact",
      "artefactId",
      self,
      "_links.query.href: a query definition run from this artefact.",
    );
  }
  if (resource.name === "findings" && has("projects")) {
    links.project = projectOf("the finding's project");
  }
  return links;
}
