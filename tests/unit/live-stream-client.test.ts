import { afterEach, describe, expect, it, vi } from "vitest";
import { openLiveStream, type LiveStreamHandlers } from "~/client/api/live-stream";

/** The browser's EventSource as far as the client uses it: events are dispatched by the test. */
class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  send(type: string, data: string, lastEventId = "") {
    this.dispatchEvent(new MessageEvent(type, { data, lastEventId }));
  }
}

function handlers() {
  return {
    likes: vi.fn(),
    liked: vi.fn(),
    resync: vi.fn(),
    closed: vi.fn(),
  } satisfies LiveStreamHandlers;
}

function open(fromEventId: string, on = handlers()) {
  vi.stubGlobal("EventSource", FakeEventSource);
  const close = openLiveStream(fromEventId, on);
  const source = FakeEventSource.opened.at(-1)!;
  return { close, source, on };
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.opened = [];
});

describe("openLiveStream", () => {
  it("resumes after the given event, or opens from now without one", () => {
    expect(open("42").source.url).toBe("/api/live?lastEventId=42");
    expect(open("").source.url).toBe("/api/live");
  });

  it("hands each event's data and id to its handler", () => {
    const { source, on } = open("");
    source.send("likes", '{"toolId":"t1","likesTotal":3}', "7");
    source.send("liked", '{"toolId":"t1","isLiked":true}', "7");
    source.send("resync", "{}");
    expect(on.likes).toHaveBeenCalledWith({ toolId: "t1", likesTotal: 3 }, "7");
    expect(on.liked).toHaveBeenCalledWith({ toolId: "t1", isLiked: true }, "7");
    expect(on.resync).toHaveBeenCalledOnce();
  });

  it("reports closed only when the browser gave up, not while it retries", () => {
    const { source, on } = open("");
    source.onerror?.();
    expect(on.closed).not.toHaveBeenCalled();
    source.readyState = FakeEventSource.CLOSED;
    source.onerror?.();
    expect(on.closed).toHaveBeenCalledOnce();
  });

  it("closes the stream through the function it returns", () => {
    const { close, source } = open("");
    close();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });
});
