// The JSON Schema (draft 2020-12) of the query definition, derived from DEFINITION_SPEC.
import { DEFINITION_SPEC, type PropertiesSpec, type ValueSpec } from "./definition-spec.ts";

/** A JSON Schema as plain JSON data. */
export type JsonSchema = { readonly [key: string]: unknown };

// The interval grammar of interval.ts as a regex; it cannot see empty intervals or numbers too large.
const NUMBER = "-?[0-9]+(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?";
const INTERVAL_PATTERN = `^[\\[\\]](?:${NUMBER})?;(?:${NUMBER})?[\\[\\]]$`;

function toSchema(spec: ValueSpec): JsonSchema {
  switch (spec.kind) {
    case "string":
      return spec.maxLength === undefined
        ? { type: "string" }
        : { type: "string", maxLength: spec.maxLength };
    case "boolean":
      return { type: "boolean" };
    case "enum":
      return { type: "string", enum: [...spec.values] };
    case "integer":
      return spec.maximum === undefined
        ? { type: "integer", minimum: spec.minimum }
        : { type: "integer", minimum: spec.minimum, maximum: spec.maximum };
    case "interval":
      return { type: "string", pattern: INTERVAL_PATTERN };
    case "pattern":
      return { type: "string" };
    case "array":
      return spec.maxItems === undefined
        ? { type: "array", items: toSchema(spec.items) }
        : { type: "array", items: toSchema(spec.items), maxItems: spec.maxItems };
    case "object":
      return toObjectSchema(spec.title, spec.properties);
  }
}

/**
 * `if` the member `name` holds one of `values` (or is absent, when its default is one), `then`
 * `applied` (the defaults of the members that apply then), `else` `forbidden` is absent.
 */
function toRule(
  properties: PropertiesSpec,
  name: string,
  values: readonly (string | boolean)[],
  forbidden: JsonSchema,
  applied?: JsonSchema,
): JsonSchema {
  const sibling = properties[name];
  const allowed = { enum: [...values] };
  const absentAllowed =
    sibling?.default !== undefined && values.includes(sibling.default as string | boolean);
  const condition = absentAllowed
    ? { properties: { [name]: allowed } }
    : { properties: { [name]: allowed }, required: [name] };
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's `then`, plain data never awaited.
  return { if: condition, ...(applied && { then: applied }), else: forbidden };
}

function toObjectSchema(title: string, properties: PropertiesSpec): JsonSchema {
  const members: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const rules: JsonSchema[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const rule = property.appliesWhen;
    const where =
      rule !== undefined && property.default !== undefined
        ? ` On ${rule.where} only, where it is ${JSON.stringify(property.default)} when absent.`
        : "";
    const member: Record<string, unknown> = {
      description: `${property.description}${where}`,
      ...toSchema(property.value),
    };
    // A member that applies only beside some values has its default only there, in the
    // rule's `then`: stated beside its type, a generator of clients would fill it in where the
    // rule forbids it (a MEASURE column with the default displayType is NOT_APPLICABLE).
    if (property.default !== undefined && rule === undefined) member.default = property.default;
    members[name] = member;
    if (property.required) required.push(name);
    if (rule === undefined || rule.sibling.startsWith("../")) continue;
    const applied =
      property.default === undefined
        ? undefined
        : { properties: { [name]: { default: property.default } } };
    const forbidden = { properties: { [name]: false } };
    rules.push(toRule(properties, rule.sibling, rule.values, forbidden, applied));
  }
  // Rules on `../type` belong to the parent: the nested member is forbidden for the other types.
  for (const [name, property] of Object.entries(properties)) {
    const value = property.value;
    if (value.kind !== "object") continue;
    for (const [inner, innerProperty] of Object.entries(value.properties)) {
      const rule = innerProperty.appliesWhen;
      if (rule === undefined || !rule.sibling.startsWith("../")) continue;
      const forbidden = {
        properties: { [name]: { type: "object", properties: { [inner]: false } } },
      };
      rules.push(toRule(properties, rule.sibling.slice(3), rule.values, forbidden));
    }
  }
  const schema: Record<string, unknown> = {
    title,
    type: "object",
    properties: members,
    additionalProperties: false,
  };
  if (required.length > 0) schema.required = required;
  if (rules.length > 0) schema.allOf = rules;
  return schema;
}

/** The JSON Schema (draft 2020-12) of a query definition, for services that validate them. */
export const queryDefinitionJsonSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://qaql.dev/schemas/query-definition.json",
  ...toSchema(DEFINITION_SPEC),
};
