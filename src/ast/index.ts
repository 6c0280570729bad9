export * from "./span.ts";
export * from "./where.ts";
