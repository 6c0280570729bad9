import { type Schema, schemas } from "qaql";
import dump from "../../sample/dump.json";
import type { ResourceName } from "./state.ts";

/** A resource of the sample dump: its schema, its records, and the name of its list in the API. */
export interface Resource {
  readonly schema: Schema;
  readonly records: readonly object[];
  /** The last segment of the list's path, `/api/artefacts`, and the key of its items. */
  readonly list: string;
}

export const resources: Readonly<Record<ResourceName, Resource>> = {
  project: { schema: schemas.project, records: dump.projects, list: "projects" },
  artefact: { schema: schemas.artefact, records: dump.artefacts, list: "artefacts" },
  finding: { schema: schemas.finding, records: dump.findings, list: "findings" },
};
