import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AI_DRAFT_LIMITS } from "~/lib/ai-draft";
import {
  FETCH_USER_AGENT,
  guardedFetch,
  type GuardedFetchOptions,
} from "#server/net/guarded-fetch.server";
import { FetchFailure } from "#server/net/fetch-failure.server";
import { startFixtureSites, type FixtureSites } from "../support/fixture-sites";

let sites: FixtureSites;
/** A second site on the IPv6 loopback, to show a refused address is never connected to. */
let sitesV6: FixtureSites;

beforeAll(async () => {
  sites = await startFixtureSites();
  sitesV6 = await startFixtureSites({ host: "::1" });
});

afterAll(async () => {
  await sites?.close();
  await sitesV6?.close();
});

const LOOPBACK: GuardedFetchOptions = {
  allowPrivate: true,
  accept: "html",
  timeoutMs: 5_000,
  maxBytes: AI_DRAFT_LIMITS.pageBytes,
};

/** The refusal a fetch ends with (the test fails when the fetch succeeds or throws anything else). */
async function failureOf(promise: Promise<unknown>): Promise<FetchFailure> {
  const outcome = await promise.then(
    () => new Error("The fetch succeeded."),
    (error: unknown) => error,
  );
  if (!(outcome instanceof FetchFailure)) throw outcome;
  return outcome;
}

const port = () => new URL(sites.origin).port;
const portV6 = () => new URL(sitesV6.origin).port;

describe("guardedFetch on loopback sites (FETCH_ALLOW_PRIVATE)", () => {
  it("fetches an HTML page with its status, lowercased headers and body", async () => {
    const page = await guardedFetch(sites.url("/jsonld"), LOOPBACK);
    expect(page).toMatchObject({
      url: sites.url("/jsonld"),
      finalUrl: sites.url("/jsonld"),
      redirects: [],
      status: 200,
      contentType: "text/html; charset=utf-8",
    });
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body.toString("utf8")).toContain('"@type":"SoftwareApplication"');
  });

  it.each(["gzip", "deflate", "br"])("decodes a %s-compressed page", async (encoding) => {
    const plain = await guardedFetch(sites.url("/jsonld"), LOOPBACK);
    const page = await guardedFetch(sites.url(`/jsonld?encoding=${encoding}`), LOOPBACK);
    expect(page.headers["content-encoding"]).toBe(encoding);
    expect(page.body.equals(plain.body)).toBe(true);
  });

  it("names the directory in its User-Agent, asks for HTML and accepts compression", async () => {
    const page = await guardedFetch(sites.url("/headers"), LOOPBACK);
    const seen = JSON.parse(/<pre>(.*)<\/pre>/s.exec(page.body.toString("utf8"))![1]!) as Record<
      string,
      string
    >;
    expect(seen["user-agent"]).toBe(FETCH_USER_AGENT);
    expect(seen["user-agent"]).toMatch(/^BusinessAIToolsDirectory\/1\.0 /);
    expect(seen.accept).toMatch(/^text\/html/);
    expect(seen["accept-encoding"]).toBe("gzip, deflate, br");
    expect(seen.host).toBe(`127.0.0.1:${port()}`);
  });

  it("accepts a page without a content type when it starts like HTML", async () => {
    const page = await guardedFetch(sites.url("/no-content-type"), LOOPBACK);
    expect(page.contentType).toBe("text/html");
    expect(page.body.toString("utf8")).toContain("Tallyhawk");
  });

  it("follows a chain of redirects, reporting each and asking checkRedirect before connecting", async () => {
    const progress: string[] = [];
    const checked: string[] = [];
    const page = await guardedFetch(sites.url("/redirect/3"), {
      ...LOOPBACK,
      onProgress: (message) => progress.push(message),
      checkRedirect: (url) => {
        checked.push(url.pathname);
      },
    });
    expect(page.url).toBe(sites.url("/redirect/3"));
    expect(page.finalUrl).toBe(sites.url("/jsonld"));
    expect(page.redirects).toEqual([
      sites.url("/redirect/2"),
      sites.url("/redirect/1"),
      sites.url("/jsonld"),
    ]);
    expect(checked).toEqual(["/redirect/2", "/redirect/1", "/jsonld"]);
    expect(progress).toContain(`Redirected to 127.0.0.1:${port()}/redirect/2`);
    expect(progress.at(-1)).toMatch(/^Fetched \d+ KB$/);
  });

  it("resolves relative Location headers against the current address", async () => {
    const page = await guardedFetch(sites.url("/redirect-relative/3"), LOOPBACK);
    expect(page.finalUrl).toBe(sites.url("/jsonld"));
    expect(page.redirects).toHaveLength(3);
  });

  it("follows 5 redirects and refuses the 6th before connecting to it", async () => {
    const five = await guardedFetch(sites.url("/redirect/5"), LOOPBACK);
    expect(five.redirects).toHaveLength(AI_DRAFT_LIMITS.redirects);
    expect(five.finalUrl).toBe(sites.url("/jsonld"));

    const before = sites.hits("/jsonld");
    const six = await failureOf(guardedFetch(sites.url("/redirect/6"), LOOPBACK));
    expect(six.code).toBe("too_many_redirects");
    expect(sites.hits("/jsonld")).toBe(before);
  });

  it("refuses a redirect loop", async () => {
    const failure = await failureOf(guardedFetch(sites.url("/redirect-loop"), LOOPBACK));
    expect(failure.code).toBe("too_many_redirects");
    expect(failure.detail).toContain("loop");
  });

  it("stops when checkRedirect refuses the new address, before connecting to it, and throws its refusal", async () => {
    const refusal = new Error("A duplicate: Tallyhawk");
    const outcome = await guardedFetch(sites.url("/redirect-to?to=/meta-only"), {
      ...LOOPBACK,
      checkRedirect: () => {
        throw refusal;
      },
    }).catch((error: unknown) => error);
    expect(outcome).toBe(refusal);
    expect(sites.hits("/meta-only")).toBe(0);
  });

  it("gives up on a slow site at the total timeout", async () => {
    const started = Date.now();
    const failure = await failureOf(
      guardedFetch(sites.url("/slow"), { ...LOOPBACK, timeoutMs: 500 }),
    );
    expect(failure.code).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("counts redirects and the body against the same timeout", async () => {
    const failure = await failureOf(
      guardedFetch(sites.url(`/redirect-to?to=${encodeURIComponent("/slow")}`), {
        ...LOOPBACK,
        timeoutMs: 400,
      }),
    );
    expect(failure.code).toBe("timeout");
  });

  it("stops at once when the job is cancelled", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const failure = await failureOf(
      guardedFetch(sites.url("/slow"), { ...LOOPBACK, signal: controller.signal }),
    );
    expect(failure.code).toBe("cancelled");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("makes no request when the job was already cancelled", async () => {
    const before = sites.hits("/pricing");
    const failure = await failureOf(
      guardedFetch(sites.url("/pricing"), { ...LOOPBACK, signal: AbortSignal.abort() }),
    );
    expect(failure.code).toBe("cancelled");
    expect(sites.hits("/pricing")).toBe(before);
  });

  it("refuses a streamed page as soon as it passes the size cap", async () => {
    const progress: string[] = [];
    const failure = await failureOf(
      guardedFetch(sites.url("/huge"), { ...LOOPBACK, onProgress: (m) => progress.push(m) }),
    );
    expect(failure.code).toBe("too_large");
    expect(failure.detail).toBe("It passed 2.0 MB.");
  });

  it("refuses a page whose Content-Length is over the cap without reading it", async () => {
    const failure = await failureOf(guardedFetch(sites.url("/huge-length"), LOOPBACK));
    expect(failure.code).toBe("too_large");
    expect(failure.detail).toMatch(/^It announces 3\.0 MB/);
  });

  it("caps the decompressed size, not the compressed one", async () => {
    const compressed = await fetch(sites.url("/huge-gzip"));
    await compressed.arrayBuffer();
    expect(Number(compressed.headers.get("content-length"))).toBeLessThan(
      AI_DRAFT_LIMITS.pageBytes,
    );
    const failure = await failureOf(guardedFetch(sites.url("/huge-gzip"), LOOPBACK));
    expect(failure.code).toBe("too_large");
    expect(failure.detail).toBe("It passed 2.0 MB.");
  });

  it("refuses what is not HTML, naming its type", async () => {
    const failure = await failureOf(guardedFetch(sites.url("/pdf"), LOOPBACK));
    expect(failure.code).toBe("not_html");
    expect(failure.detail).toBe("It is application/pdf.");
  });

  it.each([404, 500, 403])("names an HTTP %i answer", async (status) => {
    const failure = await failureOf(guardedFetch(sites.url(`/status/${status}`), LOOPBACK));
    expect(failure.code).toBe("http_error");
    expect(failure.detail).toBe(`HTTP ${status}`);
  });

  it("names a bot challenge instead of an error", async () => {
    const failure = await failureOf(guardedFetch(sites.url("/challenge"), LOOPBACK));
    expect(failure.code).toBe("bot_challenge");
    expect(failure.detail).toBe("HTTP 403, a Cloudflare check.");
  });

  it("fetches an image when asked for one and refuses a page there", async () => {
    const image = await guardedFetch(sites.url("/og.png"), { ...LOOPBACK, accept: "image" });
    expect(image.contentType).toBe("image/png");
    expect(image.body.subarray(1, 4).toString("latin1")).toBe("PNG");
    const failure = await failureOf(
      guardedFetch(sites.url("/jsonld"), { ...LOOPBACK, accept: "image" }),
    );
    expect(failure.code).toBe("not_html");
  });

  it("names a refused connection and an unknown host as unreachable", async () => {
    const closed = await startFixtureSites();
    const closedUrl = closed.url("/jsonld");
    await closed.close();
    const refused = await failureOf(guardedFetch(closedUrl, LOOPBACK));
    expect(refused.code).toBe("unreachable");
    expect(refused.detail).toBe("The connection was refused.");

    const unknown = await failureOf(
      guardedFetch("https://no-such-site.example/", {
        ...LOOPBACK,
        resolve: () =>
          Promise.reject(Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" })),
      }),
    );
    expect(unknown.code).toBe("unreachable");
    expect(unknown.detail).toBe("There is no site called no-such-site.example.");
  });

  it("connects to the address it resolved, never asking DNS again (rebinding)", async () => {
    const answers = [["127.0.0.1"], ["169.254.169.254"]];
    const asked: string[] = [];
    const options: GuardedFetchOptions = {
      ...LOOPBACK,
      allowPrivate: false,
      exemptAddresses: ["127.0.0.1"],
      resolve: async (host) => {
        asked.push(host);
        return answers[Math.min(asked.length - 1, answers.length - 1)]!;
      },
    };
    const page = await guardedFetch(`http://rebinding.example:${port()}/pricing`, options);
    expect(page.status).toBe(200);
    expect(asked).toEqual(["rebinding.example"]);

    // A redirect to the same name is a new hop: resolved and checked again.
    asked.length = 0;
    const before = sites.hits("/jsonld");
    const failure = await failureOf(
      guardedFetch(`http://rebinding.example:${port()}/redirect-relative/1`, options),
    );
    expect(failure.code).toBe("private_address");
    expect(failure.detail).toBe(
      "169.254.169.254 is a cloud metadata address (rebinding.example resolves to it).",
    );
    expect(sites.hits("/jsonld")).toBe(before);
  });
});

describe("guardedFetch without FETCH_ALLOW_PRIVATE refuses before any connection", () => {
  /**
   * Any port allowed (the exemption names an address no case uses), so only the address rules
   * stand between the fetch and the listening loopback sites.
   */
  const STRICT: GuardedFetchOptions = {
    allowPrivate: false,
    accept: "html",
    timeoutMs: 5_000,
    maxBytes: AI_DRAFT_LIMITS.pageBytes,
    exemptAddresses: ["192.0.2.200"],
  };

  it.each([
    [
      "loopback v4",
      () => `http://127.0.0.1:${port()}/probe-v4`,
      "127.0.0.1 is a loopback address.",
    ],
    ["loopback v6", () => `http://[::1]:${portV6()}/probe-v6`, "::1 is a loopback address."],
    [
      "IPv4-mapped IPv6",
      () => `http://[::ffff:127.0.0.1]:${port()}/probe-mapped`,
      "::ffff:7f00:1 is an IPv4-mapped IPv6 address (of 127.0.0.1).",
    ],
    [
      "a decimal address",
      () => `http://2130706433:${port()}/probe-decimal`,
      "127.0.0.1 is a loopback address.",
    ],
    [
      "a hex address",
      () => `http://0x7f.0.0.1:${port()}/probe-hex`,
      "127.0.0.1 is a loopback address.",
    ],
    [
      "an octal address",
      () => `http://0177.0.0.1:${port()}/probe-octal`,
      "127.0.0.1 is a loopback address.",
    ],
    [
      "a short address",
      () => `http://127.1:${port()}/probe-short`,
      "127.0.0.1 is a loopback address.",
    ],
    [
      "localhost",
      () => `http://localhost:${port()}/probe-localhost`,
      '"localhost" is this machine.',
    ],
    ["localhost.", () => `http://localhost.:${port()}/probe-dot`, '"localhost." is this machine.'],
    [
      "a .localhost name",
      () => `http://app.localhost:${port()}/probe-sub`,
      '"app.localhost" is a local network name.',
    ],
  ])("refuses %s", async (_case, address, detail) => {
    const url = address();
    const failure = await failureOf(guardedFetch(url, STRICT));
    expect(failure.code).toBe("private_address");
    expect(failure.detail).toBe(detail);
    expect(sites.hits(new URL(url).pathname) + sitesV6.hits(new URL(url).pathname)).toBe(0);
  });

  it.each([
    ["http://169.254.169.254/latest/meta-data/", "169.254.169.254 is a cloud metadata address."],
    ["http://[fd00:ec2::254]/latest/meta-data/", "fd00:ec2::254 is a cloud metadata address."],
    ["http://100.100.100.200/latest/meta-data/", "100.100.100.200 is a cloud metadata address."],
    ["http://10.0.0.8/admin", "10.0.0.8 is a private address."],
    ["http://172.20.1.1/", "172.20.1.1 is a private address."],
    ["https://192.168.1.1/", "192.168.1.1 is a private address."],
    ["http://100.64.12.1/", "100.64.12.1 is a carrier-grade NAT address."],
    ["http://[fe80::1]/", "fe80::1 is a link-local address."],
    ["http://[fc00::5]/", "fc00::5 is a unique-local (private) address."],
    ["http://0.0.0.0/", "0.0.0.0 is a 'this network' address."],
    [
      "http://[64:ff9b::a00:1]/",
      "64:ff9b::a00:1 is a NAT64 address of a private address (10.0.0.1).",
    ],
    ["http://printer.local/", '"printer.local" is a local network name.'],
    ["http://metadata.google.internal/", '"metadata.google.internal" is a local network name.'],
  ])("refuses %s on the default port", async (address, detail) => {
    const resolve = async () => {
      throw new Error("DNS must not be asked.");
    };
    const failure = await failureOf(
      guardedFetch(address, { ...STRICT, exemptAddresses: undefined, resolve }),
    );
    expect(failure.code).toBe("private_address");
    expect(failure.detail).toBe(detail);
  });

  it("refuses a name when any address it resolves to is private", async () => {
    const failure = await failureOf(
      guardedFetch(`http://mixed.example:${port()}/probe-mixed`, {
        ...STRICT,
        resolve: async () => ["93.184.215.14", "127.0.0.1"],
      }),
    );
    expect(failure.code).toBe("private_address");
    expect(failure.detail).toBe("127.0.0.1 is a loopback address (mixed.example resolves to it).");
    expect(sites.hits("/probe-mixed")).toBe(0);
  });

  describe("a public-looking site that redirects to a private address", () => {
    /** public-site.example plays a public site on 127.0.0.1; every other address is refused. */
    const PUBLIC_SITE: GuardedFetchOptions = {
      ...STRICT,
      exemptAddresses: ["127.0.0.1"],
      resolve: async (host) => (host === "public-site.example" ? ["127.0.0.1"] : ["10.1.2.3"]),
    };
    const redirectTo = (target: string) =>
      `http://public-site.example:${port()}/redirect-to?to=${encodeURIComponent(target)}`;

    it("reaches the public site itself", async () => {
      const page = await guardedFetch(redirectTo("/meta-only"), PUBLIC_SITE);
      expect(page.finalUrl).toBe(`http://public-site.example:${port()}/meta-only`);
    });

    it.each([
      [
        "the IPv6 loopback",
        () => `http://[::1]:${portV6()}/probe-redirect-v6`,
        "::1 is a loopback address.",
      ],
      [
        "localhost",
        () => `http://localhost:${portV6()}/probe-redirect-localhost`,
        '"localhost" is this machine.',
      ],
      [
        "a name resolving to a private address",
        () => `http://intranet.example:${portV6()}/probe-redirect-name`,
        "10.1.2.3 is a private address (intranet.example resolves to it).",
      ],
      [
        "the metadata address",
        () => "http://169.254.169.254/latest/meta-data/",
        "169.254.169.254 is a cloud metadata address.",
      ],
    ])("refuses the redirect to %s", async (_case, target, detail) => {
      const checked: URL[] = [];
      const url = target();
      const failure = await failureOf(
        guardedFetch(redirectTo(url), {
          ...PUBLIC_SITE,
          checkRedirect: (next) => void checked.push(next),
        }),
      );
      expect(failure.code).toBe("private_address");
      expect(failure.detail).toBe(detail);
      expect(checked).toEqual([]);
      expect(sitesV6.hits(new URL(url).pathname)).toBe(0);
    });

    it("refuses the fixture's /to-private redirect", async () => {
      const failure = await failureOf(
        guardedFetch(`http://public-site.example:${port()}/to-private`, PUBLIC_SITE),
      );
      expect(failure.code).toBe("private_address");
    });

    it.each([
      ["file:///etc/passwd", "A redirect uses file, not http or https."],
      ["http://admin:secret@public-site.example/", "A redirect contains a user name or password."],
    ])("refuses the redirect to %s as an invalid address", async (target, detail) => {
      const failure = await failureOf(guardedFetch(redirectTo(target), PUBLIC_SITE));
      expect(failure.code).toBe("invalid_address");
      expect(failure.detail).toBe(detail);
    });
  });
});

describe("guardedFetch refuses addresses that are not plain http or https", () => {
  const resolve = async (): Promise<string[]> => {
    throw new Error("DNS must not be asked.");
  };

  it.each([
    ["ftp://files.example.com/tool.zip", "The address uses ftp, not http or https."],
    ["javascript:alert(1)", "The address uses javascript, not http or https."],
    ["not an address", "This is not a web address."],
    ["https://user:pass@example.com/", "The address contains a user name or password."],
    [
      "https://example.com:8443/",
      "The address uses port 8443; only the default ports (80 and 443) are fetched.",
    ],
    [
      "http://example.com:443/",
      "The address uses port 443; only the default ports (80 and 443) are fetched.",
    ],
  ])("refuses %s", async (address, detail) => {
    const failure = await failureOf(
      guardedFetch(address, {
        allowPrivate: false,
        accept: "html",
        timeoutMs: 1_000,
        maxBytes: 1024,
        resolve,
      }),
    );
    expect(failure.code).toBe("invalid_address");
    expect(failure.detail).toBe(detail);
  });

  it("refuses credentials even with FETCH_ALLOW_PRIVATE", async () => {
    const url = `http://reader:secret@127.0.0.1:${port()}/probe-credentials`;
    const failure = await failureOf(guardedFetch(url, LOOPBACK));
    expect(failure.code).toBe("invalid_address");
    expect(sites.hits("/probe-credentials")).toBe(0);
  });

  it("refuses a loopback site's own port without FETCH_ALLOW_PRIVATE", async () => {
    const failure = await failureOf(
      guardedFetch(sites.url("/probe-port"), { ...LOOPBACK, allowPrivate: false }),
    );
    expect(failure.code).toBe("invalid_address");
    expect(failure.detail).toContain(`port ${port()}`);
    expect(sites.hits("/probe-port")).toBe(0);
  });
});
