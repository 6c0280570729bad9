/**
 * The headers every answer of the reference server carries, whichever part of it answers:
 * answers differ by credentials, language and time zone as well as by `Accept`, and none may be kept by a
 * cache on the way (grammar/language.md 6.8). Its OpenAPI document declares them on every
 * response.
 */
export const ANSWER_HEADERS: Readonly<Record<string, string>> = {
  vary: "Accept, Accept-Language, Authorization, timezone",
  "cache-control": "no-store",
};
