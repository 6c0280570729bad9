// qaql/dump: filtering a dump's records as its bytes stream in, in any JavaScript runtime.
export type { DumpErrorCode, DumpPosition } from "../errors/dump-error.ts";
export { DumpError } from "../errors/dump-error.ts";
export type { DumpSource } from "./byte-source.ts";
export type { DumpShape } from "./dump-reader.ts";
export type { UnseenField } from "./field-presence.ts";
export type { DumpRecord, DumpRecords, FilterDumpOptions } from "./filter-dump.ts";
export { filterDump } from "./filter-dump.ts";
export type { TypeChange } from "./learnt-schema.ts";
export type { InvalidUtf8Mode } from "./utf8.ts";
