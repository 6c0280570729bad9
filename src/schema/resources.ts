import { defineSchema, type Schema } from "./schema.ts";

// Rating indicators of an artefact, one object per indicator the quality model computes.
const INDICATOR = { rank: "number", level: "string", mnemonic: "string" } as const;

/**
 * The schemas of the API's resources: the fields its documentation lists, and the fields the
 * records of `sample/dump.json` also carry (grammar/language.md 4.2).
 */
export const schemas = {
  project: defineSchema({
    id: "integer",
    name: "string",
    ownerId: "integer",
    versionId: "integer",
    color: "integer",
    status: "string",
    group: "string",
    creationTime: "integer",
    artefactId: "integer",
    rating: "string",
    modelUId: "string",
    analysisTime: "date",
    level: { id: "string" },
    branches: [{ id: "integer", name: "string", versionId: "integer" }],
  }),
  artefact: defineSchema({
    id: "integer",
    name: "string",
    path: "string",
    type: { id: "string" },
    rank: "number",
    projectId: "integer",
    parentId: "integer",
    rating: "string",
    measures: {
      LOC: "number",
      FILES: "number",
      CC: "number",
      COMMENTS: "number",
      DUPLICATION: "number",
      FUNCTIONS: "number",
    },
    indicators: {
      MAINTAINABILITY: INDICATOR,
      RELIABILITY: INDICATOR,
      COMPLEXITY: INDICATOR,
      SECURITY: INDICATOR,
    },
    infos: {
      LANGUAGE: "string",
      LICENSE: "string",
      REPOSITORY: "string",
      AUTHOR: "string",
      ENCODING: "string",
    },
    links: {
      IMPORTS: ["integer"],
      DEPENDS_ON: ["integer"],
      CALLS: ["integer"],
      INHERITS: ["integer"],
    },
  }),
  finding: defineSchema({
    id: "integer",
    tool: "string",
    status: "string",
    readOnly: "boolean",
    suspicious: "boolean",
    definition: {
      id: "string",
      name: "string",
      description: "string",
      categories: [
        { id: "string", level: { id: "string", name: "string" }, scale: { name: "string" } },
      ],
      families: ["string"],
    },
    locations: [{ artefactId: "integer", line: "integer", column: "integer" }],
    projectId: "integer",
    creationDate: "date",
  }),
  // The API documents models and versions only as link targets: these are the fields the
  // sample's records carry, kept minimal (grammar/language.md 6.12).
  model: defineSchema({ id: "string", name: "string" }),
  version: defineSchema({ id: "integer", projectId: "integer", name: "string" }),
} as const;

/** The API's list resources, by the plural name their paths use (`/api/projects`). */
export type ApiResourceName = "projects" | "artefacts" | "findings" | "models" | "versions";

/** Every list resource of the API, in the order its documents list them. */
export const API_RESOURCE_NAMES: readonly ApiResourceName[] = [
  "projects",
  "artefacts",
  "findings",
  "models",
  "versions",
];

/** The schema of each list resource, by its plural name: the one map of names to schemas. */
export const RESOURCE_SCHEMAS: Readonly<Record<ApiResourceName, Schema>> = {
  projects: schemas.project,
  artefacts: schemas.artefact,
  findings: schemas.finding,
  models: schemas.model,
  versions: schemas.version,
};
