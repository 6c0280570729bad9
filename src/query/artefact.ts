// The artefact records `runQuery` reads: the shape of the API's artefacts (sample/dump.json),
// where every part but `id` may be missing or null, as in a partial dump.

/** An artefact's identifier: the API uses numbers, but dumps may carry strings. */
export type ArtefactId = number | string;

/** An indicator of an artefact: its rank (0 is best), level (`A`..) and mnemonic (`LEVELA`..). */
export interface ArtefactIndicator {
  readonly rank?: number | null;
  readonly level?: string | null;
  readonly mnemonic?: string | null;
}

/** Measures and indicators of the analysis before this one, for `DIFF_VALUE` and `DIFF_RANK`. */
export interface PreviousAnalysis {
  readonly measures?: Readonly<Record<string, number | null>> | null;
  readonly indicators?: Readonly<Record<string, ArtefactIndicator | null>> | null;
}

/** An artefact record as the API lists it; `runQuery` reads nothing else. */
export interface Artefact {
  readonly id: ArtefactId;
  readonly name?: string | null;
  readonly path?: string | null;
  readonly type?: { readonly id: string } | null;
  /** The artefact containing this one; null or missing for a root (an APPLICATION). */
  readonly parentId?: ArtefactId | null;
  readonly rating?: string | null;
  readonly measures?: Readonly<Record<string, number | null>> | null;
  readonly indicators?: Readonly<Record<string, ArtefactIndicator | null>> | null;
  readonly infos?: Readonly<Record<string, string | null>> | null;
  /** Outgoing links by link type: the ids of the artefacts linked to. */
  readonly links?: Readonly<Record<string, readonly ArtefactId[] | null>> | null;
  readonly previous?: PreviousAnalysis | null;
}
