// The floor of the projection benchmark: the selection
//   id,name,definition(id,categories(level(id,name),scale.name)),locations(artefact(id,path))
// projected by hand, one function per level, with the semantics of grammar/language.md 3.2 and no
// generic machinery: the record's own keys in its own order, absent keys left out, arrays
// mapped (object elements projected, other elements kept), any other value kept as it is, and
// `_links` kept on every object kept.

import type { Finding } from "./findings-data.ts";

type Json = Record<string, unknown>;

/** The objects a sub-selection projects: plain objects, as JSON gives (3.2 "object value"). */
function isObject(value: unknown): value is Json {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

// level(id,name)
function projectLevel(record: Json): Json {
  const out: Json = {};
  for (const key of Object.keys(record)) {
    switch (key) {
      case "id":
        out.id = record.id;
        break;
      case "name":
        out.name = record.name;
        break;
      case "_links":
        out._links = record._links;
        break;
    }
  }
  return out;
}

// scale.name
function projectScale(record: Json): Json {
  const out: Json = {};
  for (const key of Object.keys(record)) {
    switch (key) {
      case "name":
        out.name = record.name;
        break;
      case "_links":
        out._links = record._links;
        break;
    }
  }
  return out;
}

function levelValue(value: unknown): unknown {
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const element = value[i];
      out[i] = isObject(element) ? projectLevel(element) : element;
    }
    return out;
  }
  return isObject(value) ? projectLevel(value) : value;
}

function scaleValue(value: unknown): unknown {
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const element = value[i];
      out[i] = isObject(element) ? projectScale(element) : element;
    }
    return out;
  }
  return isObject(value) ? projectScale(value) : value;
}

// categories(level(id,name),scale.name)
function projectCategory(record: Json): Json {
  const out: Json = {};
  for (const key of Object.keys(record)) {
    switch (key) {
      case "level":
        out.level = levelValue(record.level);
        break;
      case "scale":
        out.scale = scaleValue(record.scale);
        break;
      case "_links":
        out._links = record._links;
        break;
    }
  }
  return out;
}

function categoriesValue(value: unknown): unknown {
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const element = value[i];
      out[i] = isObject(element) ? projectCategory(element) : element;
    }
    return out;
  }
  return isObject(value) ? projectCategory(value) : value;
}

// definition(id,categories(…))
function projectDefinition(record: Json): Json {
  const out: Json = {};
  for (const key of Object.keys(record)) {
    switch (key) {
      case "id":
        out.id = record.id;
        break;
      case "categories":
        out.categories = categoriesValue(record.categories);
        break;
      case "_links":
        out._links = record._links;
        break;
    }
  }
  return out;
}

function definitionValue(value: unknown): unknown {
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const element = value[i];
      out[i] = isObject(element) ? projectDefinition(element) : element;
    }
    return out;
  }
  return isObject(value) ? projectDefinition(value) : value;
}

// artefact(id,path)
function projectArtefact(record: Json): Json {
  const out: Json = {};
  for (const key of Object.keys(record)) {
    switch (key) {
      case "id":
        out.id = record.id;
        break;
      case "path":
        out.path = record.path;
        break;
      case "_links":
        out._links = record._links;
        break;
    }
  }
  return out;
}

function artefactValue(value: unknown): unknown {
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const element = value[i];
      out[i] = isObject(element) ? projectArtefact(element) : element;
    }
    return out;
  }
  return isObject(value) ? projectArtefact(value) : value;
}

// locations(artefact(id,path))
function projectLocation(record: Json): Json {
  const out: Json = {};
  for (const key of Object.keys(record)) {
    switch (key) {
      case "artefact":
        out.artefact = artefactValue(record.artefact);
        break;
      case "_links":
        out._links = record._links;
        break;
    }
  }
  return out;
}

function locationsValue(value: unknown): unknown {
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const element = value[i];
      out[i] = isObject(element) ? projectLocation(element) : element;
    }
    return out;
  }
  return isObject(value) ? projectLocation(value) : value;
}

// id,name,definition(…),locations(…)
function projectFinding(record: Json): Json {
  const out: Json = {};
  for (const key of Object.keys(record)) {
    switch (key) {
      case "id":
        out.id = record.id;
        break;
      case "name":
        out.name = record.name;
        break;
      case "definition":
        out.definition = definitionValue(record.definition);
        break;
      case "locations":
        out.locations = locationsValue(record.locations);
        break;
      case "_links":
        out._links = record._links;
        break;
    }
  }
  return out;
}

/**
 * Projects one finding. Like a compiled selection, it takes any value: an array has its object
 * elements projected, and a value that is not an object is returned as it is.
 */
export function projectFindingByHand(value: unknown): unknown {
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const element = value[i];
      out[i] = isObject(element) ? projectFinding(element) : element;
    }
    return out;
  }
  return isObject(value) ? projectFinding(value) : value;
}

/**
 * The same selection written for the records' shape, as a user who knows it writes it: object
 * literals and arrays mapped, no walk over keys, the two shapes of a finding (with and without
 * `name`) told apart. It gives the same output as the selection on these records only; the
 * target of issue 32 §3 is measured against it.
 */
export function projectFindingLiteral(finding: Finding): unknown {
  const definition = finding.definition;
  const projected = {
    id: definition.id,
    categories: definition.categories.map((category) => ({
      level: { id: category.level.id, name: category.level.name, _links: category.level._links },
      scale: { name: category.scale.name, _links: category.scale._links },
      _links: category._links,
    })),
    _links: definition._links,
  };
  const locations = finding.locations.map((location) => ({
    artefact: {
      id: location.artefact.id,
      path: location.artefact.path,
      _links: location.artefact._links,
    },
    _links: location._links,
  }));
  return finding.name === undefined
    ? { id: finding.id, definition: projected, locations, _links: finding._links }
    : {
        id: finding.id,
        name: finding.name,
        definition: projected,
        locations,
        _links: finding._links,
      };
}
