import type { JsonSchema } from "../query/json-schema.ts";

export type { JsonSchema };

/** An example of a parameter's value, as an OpenAPI Example Object holds it. */
export interface OpenApiExample {
  readonly summary: string;
  readonly value: string;
}

/** An OpenAPI 3.1 Parameter Object, as qaql writes them: plain JSON. */
export interface OpenApiParameter {
  readonly name: string;
  readonly in: "query" | "header" | "path";
  readonly description: string;
  readonly required: boolean;
  /** A JSON Schema (draft 2020-12) of the value. */
  readonly schema: JsonSchema;
  /** Values drawn from the resource's schema, by a name for each. */
  readonly examples?: Readonly<Record<string, OpenApiExample>>;
}

/** An OpenAPI 3.1 document: plain JSON, ready for `JSON.stringify`. */
export interface OpenApiDocument {
  readonly openapi: string;
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly servers: readonly { readonly url: string; readonly description: string }[];
  /** Path Item Objects by path, under the servers' base path. */
  readonly paths: Readonly<Record<string, unknown>>;
  /** Components by section (`schemas`, `parameters`, `responses`, …), then by name. */
  readonly components: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly [member: string]: unknown;
}
