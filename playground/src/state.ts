/** The resources of the sample dump the playground can query. */
export const RESOURCES = ["project", "artefact", "finding"] as const;
export type ResourceName = (typeof RESOURCES)[number];

/** The page sizes offered; a link may carry any other from 1 to 1000. */
export const PAGE_SIZES = [5, 10, 20, 50, 100] as const;
const MAX_SIZE = 1000;

/** Everything a link to the playground reproduces. */
export interface PlaygroundState {
  readonly resource: ResourceName;
  readonly timeZone: string;
  readonly where: string;
  readonly fields: string;
  readonly page: number;
  readonly size: number;
}

export const DEFAULT_STATE: PlaygroundState = {
  resource: "artefact",
  timeZone: "UTC",
  where: "",
  fields: "",
  page: 1,
  size: 10,
};

const isResource = (name: string | null): name is ResourceName =>
  (RESOURCES as readonly (string | null)[]).includes(name);

/** A whole number from 1 to `max`, or `fallback`. */
function readCount(text: string | null, fallback: number, max: number): number {
  const value = Number(text);
  return text !== null && /^\d+$/.test(text) && value >= 1 && value <= max ? value : fallback;
}

/** Whether the browser knows `zone`, as the picker and qaql will need it to. */
function isTimeZone(zone: string | null): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads the state from a location hash (`#resource=finding&where=…`), leniently: what is
 * missing or unreadable takes its default, so an edited or truncated link still opens.
 */
export function readState(hash: string): PlaygroundState {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const resource = params.get("resource");
  const timeZone = params.get("timeZone");
  return {
    resource: isResource(resource) ? resource : DEFAULT_STATE.resource,
    timeZone: isTimeZone(timeZone) ? timeZone : DEFAULT_STATE.timeZone,
    where: params.get("where") ?? DEFAULT_STATE.where,
    fields: params.get("fields") ?? DEFAULT_STATE.fields,
    page: readCount(params.get("page"), DEFAULT_STATE.page, Number.MAX_SAFE_INTEGER),
    size: readCount(params.get("size"), DEFAULT_STATE.size, MAX_SIZE),
  };
}

/** Writes the state as a location hash: the resource always, the rest when not the default. */
export function writeState(state: PlaygroundState): string {
  const params = new URLSearchParams({ resource: state.resource });
  for (const key of ["timeZone", "where", "fields", "page", "size"] as const) {
    if (state[key] !== DEFAULT_STATE[key]) params.set(key, String(state[key]));
  }
  return `#${params}`;
}
