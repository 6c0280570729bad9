import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { nodeListCall } from "../../src/integrations/node-web-request.ts";

/** What a Node response shows the call: its `close` event, whether it closed, and whether it finished first. */
function response() {
  const emitter = Object.assign(new EventEmitter(), { closed: false, writableFinished: false });
  emitter.prependListener("close", () => {
    emitter.closed = true;
  });
  return emitter;
}

function call(host: string, target = "/api/artefacts?page=2", res = response()) {
  return nodeListCall({ method: "GET", protocol: "http", host, target, headers: {} }, res);
}

describe("nodeListCall", () => {
  it("aborts its signal when the response closes unfinished, before or after it is asked for", () => {
    const early = response();
    const asked = call("h", "/", early).signal;
    early.emit("close");
    expect(asked.aborted).toBe(true);
    const late = response();
    const lateCall = call("h", "/", late);
    late.emit("close");
    expect(lateCall.signal.aborted).toBe(true);
  });

  it("leaves the signal alone when the response closes finished", () => {
    const done = response();
    const finished = call("h", "/", done);
    done.writableFinished = true;
    done.emit("close");
    expect(finished.signal.aborted).toBe(false);
    const watched = response();
    const askedFirst = call("h", "/", watched).signal;
    watched.writableFinished = true;
    watched.emit("close");
    expect(askedFirst.aborted).toBe(false);
  });

  it("adds its close listener only when the signal is asked for, once", () => {
    const res = response();
    const listening = call("h", "/", res);
    expect(res.listenerCount("close")).toBe(1);
    expect(listening.signal).toBe(listening.signal);
    expect(res.listenerCount("close")).toBe(2);
  });

  it("keeps the target as sent under the origin of the Host header, or localhost without one", () => {
    expect(call("example.com:8080").url).toBe("http://example.com:8080/api/artefacts?page=2");
    expect(call("a b").url).toBe("http://localhost/api/artefacts?page=2");
    expect(call("x/y?").url).toBe("http://x/api/artefacts?page=2");
    expect(call("").url).toBe("http://localhost/api/artefacts?page=2");
    expect(call("h".repeat(300)).url).toBe(`http://${"h".repeat(300)}/api/artefacts?page=2`);
    expect(call("ignored", "http://proxy.example/api/x?a=1").url).toBe(
      "http://proxy.example/api/x?a=1",
    );
  });
});
