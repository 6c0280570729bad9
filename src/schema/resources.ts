import { defineSchema, type Schema } from "./schema.ts";

/** The schemas of the API's resources, as far as the API documents them (grammar/language.md 4). */
export const schemas: {
  readonly project: Schema;
  readonly artefact: Schema;
  readonly finding: Schema;
} = {
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
      categories: "array",
      families: "array",
    },
    locations: "array",
  }),
};

/** The API's list resources, by the plural name their paths use (`/api/projects`). */
export type ApiResourceName = "projects" | "artefacts" | "findings";

/** Every list resource of the API, in the order its documents list them. */
export const API_RESOURCE_NAMES: readonly ApiResourceName[] = ["projects", "artefacts", "findings"];

/** The schema of each list resource, by its plural name: the one map of names to schemas. */
export const RESOURCE_SCHEMAS: Readonly<Record<ApiResourceName, Schema>> = {
  projects: schemas.project,
  artefacts: schemas.artefact,
  findings: schemas.finding,
};
