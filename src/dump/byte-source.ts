import { describeFound } from "../errors/invalid-input.ts";

/** A dump's bytes: a Web `ReadableStream`, a Node `Readable`, or any async iterable of chunks. */
export type DumpSource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

function isReadableStream(source: object): source is ReadableStream<Uint8Array> {
  return typeof (source as { getReader?: unknown }).getReader === "function";
}

/**
 * The chunks of a dump source, each checked to be bytes (`TypeError` naming `caller`). Leaving
 * the loop early cancels a `ReadableStream` and returns an iterator, so a file is closed.
 */
export function chunksOf(caller: string, source: unknown): AsyncIterable<Uint8Array> {
  if (typeof source === "object" && source !== null) {
    // A stream is read through its reader: Safari's streams are not async iterable.
    if (isReadableStream(source)) return streamChunks(caller, source);
    const iterate = (source as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator];
    if (typeof iterate === "function")
      return iterableChunks(caller, source as AsyncIterable<unknown>);
  }
  throw new TypeError(
    `${caller}: expected the dump as a ReadableStream, a Node Readable or an async iterable of Uint8Array chunks; found ${describeFound(source)}`,
  );
}

function checkChunk(caller: string, chunk: unknown): Uint8Array {
  // By tag rather than instanceof, so that bytes from another realm (an iframe, node:vm) pass.
  if (Object.prototype.toString.call(chunk) === "[object Uint8Array]") return chunk as Uint8Array;
  throw new TypeError(
    `${caller}: the dump's source gave ${describeFound(chunk)} where a chunk of bytes (a Uint8Array) was expected`,
  );
}

async function* streamChunks(
  caller: string,
  stream: ReadableStream<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let done = false;
  try {
    for (;;) {
      const step = await reader.read();
      if (step.done) {
        done = true;
        return;
      }
      yield checkChunk(caller, step.value);
    }
  } finally {
    // Cancelling an errored stream rejects with the error already being thrown.
    if (!done) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

async function* iterableChunks(
  caller: string,
  source: AsyncIterable<unknown>,
): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) yield checkChunk(caller, chunk);
}
