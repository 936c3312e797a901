import { expect, test } from "@playwright/test";

test("GET /api/tools answers a page of cards with total, facets and elapsed time", async ({
  request,
}) => {
  const response = await request.get("/api/tools?category=Sales&limit=5&sort=Most%20Liked");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.tools).toHaveLength(5);
  expect(body.total).toBeGreaterThan(5);
  expect(body.facets.length).toBeGreaterThanOrEqual(12);
  expect(typeof body.elapsedMs).toBe("number");
  expect(body.tools[0]).not.toHaveProperty("longDescription");
  const likes = body.tools.map((tool: { likesTotal: number }) => tool.likesTotal);
  expect(likes).toEqual([...likes].sort((a, b) => b - a));
});

test("bad query parameters get a 400 with a message, never a 500", async ({ request }) => {
  for (const query of [
    "sort=Cheapest",
    "limit=-3",
    "offset=abc",
    "pricing=Gold",
    `search=${"x".repeat(300)}`,
  ]) {
    const response = await request.get(`/api/tools?${query}`);
    expect(response.status(), query).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe("INVALID");
    expect(body.error.message).toBeTruthy();
  }
});

test("an unknown tool id or endpoint answers 404 as JSON", async ({ request }) => {
  const tool = await request.get("/api/tools/does-not-exist");
  expect(tool.status()).toBe(404);
  expect((await tool.json()).error.code).toBe("NOT_FOUND");
  expect((await request.get("/api/nothing-here")).status()).toBe(404);
});

test("/healthz reports the database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ ok: true, database: "pglite" });
});

test("/media serves WebP images with long-lived cache headers", async ({ request }) => {
  // Other tests add tools without images; a demo tool has one.
  const { tools } = (await (await request.get("/api/tools?limit=100")).json()) as {
    tools: { image: string }[];
  };
  const demo = tools.find((tool) => tool.image.startsWith("demo/"))!;
  const image = demo.image.replace(/\.webp$/, "_600x450.webp");
  const response = await request.get(`/media/${image}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/webp");
  expect(response.headers()["cache-control"]).toMatch(/max-age=31536000.*immutable/);
  expect((await request.get("/media/demo/missing.webp")).status()).toBe(404);
});

test("pages are compressed, with brotli or gzip as the browser accepts", async ({ request }) => {
  for (const encoding of ["br", "gzip"]) {
    const response = await request.get("/ai-tools?limit=100", {
      headers: { "accept-encoding": encoding },
    });
    expect(response.headers()["content-encoding"]).toBe(encoding);
    expect(await response.text()).toContain("</html>");
  }
});

test("pages carry the security headers", async ({ request }) => {
  const headers = (await request.get("/")).headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  // Decision 013: a page shared by signed-out visitors allows its scripts by hash; a page
  // rendered for one visitor (here one with a dialog link) by that response's nonce.
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
  const own = (await request.get("/?signIn=1")).headers();
  expect(own["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
  expect(headers["x-powered-by"]).toBeUndefined();
});

test("bad URL encoding gets a 400, not a 500", async ({ request }) => {
  const response = await request.get("/api/tools/%E0%A4%A");
  expect(response.status()).toBe(400);
  expect((await response.json()).error.code).toBe("INVALID");
});

test("a form post from another site is refused", async ({ request }) => {
  const response = await request.post("/newsletter", {
    headers: { origin: "https://evil.example" },
    form: { email: "victim@example.com" },
  });
  expect(response.status()).toBe(403);
});

test("a malformed page address gets a plain 400 page with a way home", async ({ request }) => {
  const response = await request.get("/ai-tools/%E0%A4");
  expect(response.status()).toBe(400);
  const html = await response.text();
  expect(html).toContain("That address is not valid");
  expect(html).toContain('href="/"');
});

test("POST /api/tools/:id/views counts one view within 2 s; an unknown tool gets a 404", async ({
  request,
}) => {
  // The second best rated tool: no other test opens it, so its views are this test's alone.
  const { tools } = await (await request.get("/api/tools?limit=1&offset=1&sort=Rating")).json();
  const id = tools[0].id as string;
  const viewsOf = async () =>
    (await (await request.get(`/api/tools/${id}`)).json()).tool.views as number;
  const before = await viewsOf();
  expect((await request.post(`/api/tools/${id}/views`)).status()).toBe(204);
  // Views are written in batches every 2 s.
  await expect.poll(viewsOf, { timeout: 5000 }).toBe(before + 1);

  for (const bad of ["no-such-tool", "%00", "x".repeat(300)]) {
    const response = await request.post(`/api/tools/${bad}/views`);
    expect(response.status(), bad).toBe(404);
    expect((await response.json()).error.code).toBe("NOT_FOUND");
  }
});

test("scripts are sent compressed once with brotli, or gzip when that is all a browser takes", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const script = /src="(\/assets\/[^"]+\.js)"|import\("(\/assets\/[^"]+\.js)"\)/.exec(html);
  const url = (script?.[1] ?? script?.[2])!;
  // What Chrome sends: gzip first, every encoding of equal weight.
  const brotli = await request.get(url, {
    headers: { "accept-encoding": "gzip, deflate, br, zstd" },
  });
  expect(brotli.headers()["content-encoding"]).toBe("br");
  expect(brotli.headers()["cache-control"]).toMatch(/immutable/);
  const gzip = await request.get(url, { headers: { "accept-encoding": "gzip" } });
  expect(gzip.headers()["content-encoding"]).toBe("gzip");
  expect(await brotli.text()).toBe(await gzip.text());
  expect((await request.get("/assets/no-such-file.js")).status()).toBe(404);
});

test("a page that takes forms refuses other bodies with 415, not a 500", async ({ request }) => {
  const origin = test.info().project.use.baseURL ?? "";
  for (const contentType of ["application/json", "text/plain", "application/octet-stream"]) {
    const response = await request.post("/newsletter", {
      data: '{"email":"x@example.com"}',
      headers: { "content-type": contentType, origin },
    });
    expect(response.status(), contentType).toBe(415);
  }
  const broken = await request.post("/newsletter", {
    data: "--fuzzboundary",
    headers: { "content-type": "multipart/form-data; boundary=fuzzboundary", origin },
  });
  expect(broken.status()).toBe(400);
});

test("a refused sign-in says how long to wait in the standard Retry-After header", async ({
  request,
}) => {
  const origin = test.info().project.use.baseURL ?? "";
  const client = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
  let response;
  for (let attempt = 0; attempt < 11; attempt++) {
    response = await request.post("/api/auth/sign-in/email", {
      data: { email: "nobody@example.com", password: "wrong password" },
      headers: { origin, "x-forwarded-for": client },
    });
  }
  expect(response?.status()).toBe(429);
  expect(Number(response?.headers()["retry-after"])).toBeGreaterThan(0);
});
