import { type ErrorJson, QaqlError } from "./qaql-error.ts";

/** `runQuery` was asked to start from an artefact that is not among the artefacts given. */
export class UnknownArtefactError extends QaqlError {
  override readonly name = "UnknownArtefactError";
  declare readonly code: "UNKNOWN_ARTEFACT";
  /** The id asked for (`ArtefactId`: a number, or a string in some dumps). */
  readonly artefactId: number | string;

  constructor(artefactId: number | string) {
    super("UNKNOWN_ARTEFACT", `no artefact has the id ${JSON.stringify(artefactId)}`);
    this.artefactId = artefactId;
  }

  /** The JSON body: `code`, `message` and `artefactId`. */
  override toJSON(): ErrorJson {
    const { code, message, artefactId } = this;
    return { code, message, artefactId };
  }
}
