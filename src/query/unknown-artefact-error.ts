import type { ArtefactId } from "./artefact.ts";

/** `runQuery` was asked to start from an artefact that is not among the artefacts given. */
export class UnknownArtefactError extends Error {
  override readonly name = "UnknownArtefactError";
  readonly code = "UNKNOWN_ARTEFACT";
  readonly artefactId: ArtefactId;

  constructor(artefactId: ArtefactId) {
    super(`no artefact has the id ${JSON.stringify(artefactId)}`);
    this.artefactId = artefactId;
  }
}
