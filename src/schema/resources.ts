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
