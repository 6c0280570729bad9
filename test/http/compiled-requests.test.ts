import { describe, expect, it } from "vitest";
import { CompiledRequests } from "../../src/http/compiled-requests.ts";
import { ListRequestCache, storeOf } from "../../src/http/request-cache.ts";

function compiled(requests: CompiledRequests, query: string) {
  return requests.get(query, {});
}

function requestsIn(cache: ListRequestCache) {
  return new CompiledRequests(storeOf(cache), undefined, "test");
}

describe("CompiledRequests", () => {
  it("keeps a query string read once", () => {
    const requests = requestsIn(new ListRequestCache());
    const query = "?where=rank>=2&page=2";
    expect(compiled(requests, query)).toBe(compiled(requests, query));
  });

  it("gives the pages of one list, however spelt, one predicate and one projection", () => {
    const requests = requestsIn(new ListRequestCache());
    const first = compiled(requests, "?where=rank>=2 AND type.id=FILE&fields=id,name&page=1");
    const second = compiled(requests, "?where=(rank>=2) and type.id=FILE&fields=id, name&page=2");
    expect(second.list.page).toBe(2);
    expect(second.matches("UTC")).toBe(first.matches("UTC"));
    expect(second.projection()).toBe(first.projection());
  });

  it("compiles a filter apart for each zone, and each filter apart", () => {
    const requests = requestsIn(new ListRequestCache());
    const dated = compiled(requests, "?where=analysisTime=2024-03-01");
    const paris = dated.matches("Europe/Paris");
    expect(dated.matches("UTC")).not.toBe(paris);
    const record = { analysisTime: Date.parse("2024-03-01T23:30:00Z") };
    expect(dated.matches("UTC")?.(record)).toBe(true);
    expect(paris?.(record)).toBe(false);
    expect(compiled(requests, "?where=rank>=3").matches("UTC")).not.toBe(
      compiled(requests, "?where=rank>=2").matches("UTC"),
    );
  });
});
