import { describe, expect, it } from "vitest";
import { createListHandler } from "../../src/http/list-handler.ts";
import type { ListSourceRequest } from "../../src/http/list-source.ts";
import { ListRequestCache } from "../../src/http/request-cache.ts";

const ORIGIN = "http://qa.example";

/**
 * A handler over `cache` whose source notes each request's `where` tree: a request found in the
 * cache hands the source the tree kept, one read anew a new tree.
 */
function handlerIn(cache: ListRequestCache) {
  const trees: unknown[] = [];
  const handler = createListHandler({
    source: (request: ListSourceRequest) => {
      trees.push(request.where);
      return { items: [], total: 0 };
    },
    cache,
  });
  /** The tree the source was given for `where`, with `fields` when given. */
  return async (where: string, fields?: string): Promise<unknown> => {
    const selection = fields === undefined ? "" : `&fields=${encodeURIComponent(fields)}`;
    const url = `${ORIGIN}/api/projects?where=${encodeURIComponent(where)}${selection}`;
    expect((await handler(new Request(url))).status).toBe(200);
    return trees.at(-1);
  };
}

/** A valid `where` of `length` characters, which `encodeURIComponent` leaves as it is. */
const whereOfLength = (length: number) => `name~${"a".repeat(length - 5)}`;
/** A valid `fields` of `length` characters. */
const fieldsOfLength = (length: number) => "a".repeat(length);

describe("ListRequestCache: the bytes it keeps", () => {
  // Measured with the heap: a parsed and compiled query costs about 46 bytes a character.
  const MEASURED_BYTES_PER_CHARACTER = 46;

  it("counts a where or fields by its length, at least the bytes measured per character", async () => {
    const cache = new ListRequestCache();
    const ask = handlerIn(cache);
    const bytesOf = async (where: string, fields?: string) => {
      cache.clear();
      await ask(where, fields);
      return cache.bytes;
    };
    const shortWhere = await bytesOf(whereOfLength(10));
    const longWhere = await bytesOf(whereOfLength(1010));
    expect(longWhere - shortWhere).toBeGreaterThanOrEqual(1000 * MEASURED_BYTES_PER_CHARACTER);
    const shortFields = await bytesOf("id>=1", fieldsOfLength(10));
    const longFields = await bytesOf("id>=1", fieldsOfLength(1010));
    expect(longFields - shortFields).toBeGreaterThanOrEqual(1000 * MEASURED_BYTES_PER_CHARACTER);
  });

  it("lets requests with a large where push out earlier ones under a small maxBytes", async () => {
    // Each large request is estimated at well over 100 KiB, so two of them pass 256 KiB.
    const large = (n: number) => `name~${n}${"a".repeat(1500)}`;
    const replay = async (cache: ListRequestCache) => {
      const ask = handlerIn(cache);
      const first = await ask("id>=1");
      await ask(large(1));
      await ask(large(2));
      return { first, again: await ask("id>=1"), cache };
    };
    const bounded = await replay(new ListRequestCache({ maxBytes: 256 * 1024 }));
    expect(bounded.again).not.toBe(bounded.first);
    expect(bounded.cache.bytes).toBeLessThanOrEqual(256 * 1024);
    // The same requests under the default bound, entries alike: the first is still kept.
    const roomy = await replay(new ListRequestCache());
    expect(roomy.again).toBe(roomy.first);
  });

  it("keeps no request estimated above maxBytes, and forgets nothing else for it", async () => {
    const cache = new ListRequestCache({ maxBytes: 64 * 1024 });
    const ask = handlerIn(cache);
    const small = await ask("id>=1");
    const bytes = cache.bytes;
    // Over 4096 characters: the handler keeps no reading of so long a URL either.
    const huge = whereOfLength(5000);
    const hugeFirst = await ask(huge);
    expect(cache.bytes).toBe(bytes);
    expect(await ask(huge)).not.toBe(hugeFirst);
    expect(await ask("id>=1")).toBe(small);
  });
});
