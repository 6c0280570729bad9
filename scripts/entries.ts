// The package's library entries: the name each is built as (dist/<name>.js, imported as
// `qaql/<name>`, `index` as `qaql`) and its source. tsup.config.ts builds them, and
// scripts/api-report.ts reports their exports; typedoc.json lists the same sources (a test
// holds it to this list).
export const LIBRARY_ENTRIES = {
  index: "src/index.ts",
  editor: "src/language-service/index.ts",
  list: "src/list/index.ts",
  "json-schema": "src/schema/index.ts",
  query: "src/query/index.ts",
  arbitraries: "src/arbitraries/index.ts",
  conformance: "src/conformance/index.ts",
  http: "src/http/index.ts",
  dump: "src/dump/index.ts",
  server: "src/server/index.ts",
  express: "src/integrations/express/index.ts",
  fastify: "src/integrations/fastify/index.ts",
  hono: "src/integrations/hono/index.ts",
  kysely: "src/integrations/kysely/index.ts",
  knex: "src/integrations/knex/index.ts",
  drizzle: "src/integrations/drizzle/index.ts",
  codemirror: "src/integrations/codemirror/index.ts",
} as const;
