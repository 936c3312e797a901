import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_READ_LIMITS,
  CommentFileError,
  type ExportPost,
  type ExportRecord,
  type ExportThread,
} from "#server/services/comment-import/export-records.server";
import { readDisqusExport } from "#server/services/comment-import/read-disqus-export.server";
import { openCommentFile } from "#server/services/comment-import/open-comment-file.server";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

// A Disqus export as Disqus writes it: namespaces, a category, a thread after the posts that name
// it, CDATA messages, a reply before its parent, spam and a deleted post.
const SAMPLE = `<?xml version="1.0" encoding="utf-8"?>
<disqus xmlns="http://disqus.com" xmlns:dsq="http://disqus.com/disqus-internals"
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
        xsi:schemaLocation="http://disqus.com/api/schemas/1.0/disqus.xsd http://disqus.com/api/schemas/1.0/disqus-internals.xsd">
  <category dsq:id="11">
    <forum>oldsite</forum>
    <title>General</title>
    <isDefault>true</isDefault>
  </category>
  <post dsq:id="2002">
    <id />
    <message><![CDATA[<p>Thanks, that <b>worked</b> &amp; more.</p>]]></message>
    <createdAt>2019-05-02T08:30:00Z</createdAt>
    <isDeleted>false</isDeleted>
    <isSpam>false</isSpam>
    <author>
      <email>ben@example.com</email>
      <name>Ben</name>
      <isAnonymous>false</isAnonymous>
      <username>ben_b</username>
    </author>
    <ipAddress>10.0.0.2</ipAddress>
    <thread dsq:id="501" />
    <parent dsq:id="2001" />
  </post>
  <thread dsq:id="501">
    <id>jasper-ai</id>
    <forum>oldsite</forum>
    <category dsq:id="11" />
    <link>https://www.old-site.example/tools/jasper-ai/?utm_source=x#comments</link>
    <title>Jasper AI review</title>
    <message />
    <createdAt>2019-05-01T08:00:00Z</createdAt>
    <author>
      <email>admin@old-site.example</email>
      <name>Site admin</name>
      <isAnonymous>false</isAnonymous>
      <username>admin</username>
    </author>
    <ipAddress>10.0.0.1</ipAddress>
    <isClosed>true</isClosed>
    <isDeleted>false</isDeleted>
  </thread>
  <post dsq:id="2001">
    <message><![CDATA[<p>Is there a <a href="https://disq.us/url?url=https%3A%2F%2Fjasper.ai%2Fpricing%3Aabc123">free plan</a>?</p>]]></message>
    <createdAt>2019-05-01T09:00:00</createdAt>
    <isDeleted>false</isDeleted>
    <isSpam>false</isSpam>
    <author>
      <email>ana@example.com</email>
      <name>Ana</name>
      <isAnonymous>false</isAnonymous>
    </author>
    <thread dsq:id="501" />
  </post>
  <post dsq:id="2003">
    <message><![CDATA[<p>Cheap pills</p>]]></message>
    <createdAt>2019-05-03T00:00:00Z</createdAt>
    <isDeleted>false</isDeleted>
    <isSpam>true</isSpam>
    <author><name>Spammer</name><isAnonymous>true</isAnonymous><username>disqus_x1</username></author>
    <thread dsq:id="501" />
  </post>
  <post dsq:id="2004">
    <message />
    <createdAt>2019-05-04T00:00:00Z</createdAt>
    <isDeleted>true</isDeleted>
    <isSpam>false</isSpam>
    <author><name></name><isAnonymous>true</isAnonymous><username>disqus_y2</username></author>
    <thread dsq:id="501" />
  </post>
</disqus>
`;

async function* chunksOf(text: string | Buffer, size = 64): AsyncGenerator<Buffer> {
  const bytes = typeof text === "string" ? Buffer.from(text) : text;
  for (let start = 0; start < bytes.length; start += size) {
    yield bytes.subarray(start, start + size);
  }
}

async function readAll(text: string | Buffer, limits?: Parameters<typeof readDisqusExport>[1]) {
  const records: ExportRecord[] = [];
  for await (const record of readDisqusExport(chunksOf(text), limits)) records.push(record);
  return records;
}

async function failureOf(promise: Promise<unknown>): Promise<CommentFileError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CommentFileError);
  return error as CommentFileError;
}

describe("reading a Disqus export", () => {
  it("reads threads and posts in file order, whatever that order is", async () => {
    const records = await readAll(SAMPLE);
    expect(records.map((record) => `${record.kind} ${record.key}`)).toEqual([
      "post 2002",
      "thread 501",
      "post 2001",
      "post 2003",
      "post 2004",
    ]);
  });

  it("reads a thread's link, title, identifier and flags, not its author", async () => {
    const thread = (await readAll(SAMPLE)).find(
      (record) => record.kind === "thread",
    ) as ExportThread;
    expect(thread).toMatchObject({
      key: "501",
      link: "https://www.old-site.example/tools/jasper-ai/?utm_source=x#comments",
      title: "Jasper AI review",
      identifier: "jasper-ai",
      isClosed: true,
      isDeleted: false,
      problem: null,
    });
  });

  it("reads a post's CDATA message, date, author name, thread and parent; never the email", async () => {
    const [reply] = (await readAll(SAMPLE)) as ExportPost[];
    expect(reply).toMatchObject({
      key: "2002",
      threadKey: "501",
      parentKey: "2001",
      authorName: "Ben",
      body: "<p>Thanks, that <b>worked</b> &amp; more.</p>",
      bodyFormat: "html",
      isSpam: false,
      isDeleted: false,
      problem: null,
    });
    expect(reply!.createdAt?.toISOString()).toBe("2019-05-02T08:30:00.000Z");
    expect(JSON.stringify(await readAll(SAMPLE))).not.toContain("@example.com");
  });

  it("takes a date without a zone as UTC", async () => {
    const parent = (await readAll(SAMPLE))[2] as ExportPost;
    expect(parent.createdAt?.toISOString()).toBe("2019-05-01T09:00:00.000Z");
  });

  it("flags spam and deleted posts, and names an anonymous author without their Disqus username", async () => {
    const [, , , spam, deleted] = (await readAll(SAMPLE)) as ExportPost[];
    expect(spam).toMatchObject({ isSpam: true, authorName: "Spammer" });
    expect(deleted).toMatchObject({ isDeleted: true, authorName: "Anonymous" });
  });

  it("reads the same records when the file arrives one byte at a time", async () => {
    const records: ExportRecord[] = [];
    for await (const record of readDisqusExport(chunksOf(SAMPLE, 1))) records.push(record);
    expect(records).toEqual(await readAll(SAMPLE));
  });

  it("reads entities and character references in text", async () => {
    const xml = SAMPLE.replace(
      "<![CDATA[<p>Cheap pills</p>]]>",
      "&lt;p&gt;Caf&#233; &amp; cr&#xE8;me&lt;/p&gt;",
    );
    const spam = (await readAll(xml))[3] as ExportPost;
    expect(spam.body).toBe("<p>Café & crème</p>");
  });

  it("gives a malformed record its problem and keeps reading", async () => {
    const xml = SAMPLE.replace(
      "<createdAt>2019-05-03T00:00:00Z</createdAt>",
      "<createdAt>yesterday</createdAt>",
    );
    const records = (await readAll(xml)) as ExportPost[];
    expect(records[3]!.problem).toBe('The post\'s createdAt is not a date: "yesterday".');
    expect(records[3]!.line).toBe(
      SAMPLE.split("\n").findIndex((line) => line.includes('dsq:id="2003"')) + 1,
    );
    expect(records).toHaveLength(5);
  });

  it("refuses malformed XML with the line it breaks on", async () => {
    const lines = SAMPLE.split("\n");
    const at = lines.findIndex((line) => line.includes("<title>Jasper AI review</title>"));
    lines[at] = "    <title>Jasper AI review</titel>";
    const error = await failureOf(readAll(lines.join("\n")));
    expect(error.line).toBe(at + 1);
    expect(error.message).toMatch(new RegExp(`^Line ${at + 1}: `));
  });

  it("refuses a billion-laughs entity expansion at its DOCTYPE, before any entity is read", async () => {
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE disqus [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<disqus xmlns="http://disqus.com" xmlns:dsq="http://disqus.com/disqus-internals">
  <post dsq:id="1"><message>&lol9;</message><thread dsq:id="9"/></post>
</disqus>`;
    const error = await failureOf(readAll(bomb));
    expect(error.message).toMatch(/DOCTYPE/);
    expect(error.line).toBe(7);
  });

  it("refuses an external entity (XXE) and never reads the file it names", async () => {
    const xxe = `<?xml version="1.0"?>
<!DOCTYPE disqus [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<disqus xmlns="http://disqus.com" xmlns:dsq="http://disqus.com/disqus-internals">
  <post dsq:id="1"><message>&secret;</message><thread dsq:id="9"/></post>
</disqus>`;
    const error = await failureOf(readAll(xxe));
    expect(error.message).toMatch(/DOCTYPE/);
    expect(error.message).not.toContain("root:");
  });

  it("refuses an entity nobody declared, naming its line", async () => {
    const xml = SAMPLE.replace("<title>Jasper AI review</title>", "<title>&secret;</title>");
    const error = await failureOf(readAll(xml));
    expect(error.message).toMatch(/entity/i);
    expect(error.line).toBe(
      SAMPLE.split("\n").findIndex((line) => line.includes("Jasper AI review")) + 1,
    );
  });

  it("refuses a file that is not a Disqus export", async () => {
    const error = await failureOf(
      readAll('<?xml version="1.0"?><rss version="2.0"><channel/></rss>'),
    );
    expect(error.message).toMatch(/not a Disqus export/);
  });

  it("refuses a file larger than the cap once uncompressed", async () => {
    const error = await failureOf(
      readAll(SAMPLE, { ...DEFAULT_READ_LIMITS, maxBytes: 1_000, maxPosts: 100, maxThreads: 100 }),
    );
    expect(error.message).toMatch(/larger than/);
  });

  it("refuses more posts than the cap", async () => {
    const error = await failureOf(
      readAll(SAMPLE, { ...DEFAULT_READ_LIMITS, maxBytes: 1e9, maxPosts: 3, maxThreads: 100 }),
    );
    expect(error.message).toMatch(/more than 3 posts/);
  });

  it("reads a gzipped export, and stops a gzip bomb at the cap without inflating it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "disqus-"));
    try {
      await writeFile(join(dir, "export.xml.gz"), gzipSync(SAMPLE));
      const file = await openCommentFile(join(dir, "export.xml.gz"), "export.xml.gz");
      const records: ExportRecord[] = [];
      for await (const record of readDisqusExport(file.open())) records.push(record);
      expect(records).toEqual(await readAll(SAMPLE));

      // 64 MB of spaces inside the root element: about 64 KB compressed.
      const bomb = Buffer.concat([
        Buffer.from('<disqus xmlns="http://disqus.com">'),
        Buffer.alloc(64 * 1024 * 1024, " "),
        Buffer.from("</disqus>"),
      ]);
      await writeFile(join(dir, "bomb.xml.gz"), gzipSync(bomb));
      const bombFile = await openCommentFile(join(dir, "bomb.xml.gz"), "bomb.xml.gz");
      expect(bombFile.size).toBeLessThan(1024 * 1024);
      const error = await failureOf(
        (async () => {
          for await (const record of readDisqusExport(bombFile.open(), {
            ...DEFAULT_READ_LIMITS,
            maxBytes: 4 * 1024 * 1024,
            maxPosts: 10,
            maxThreads: 10,
          })) {
            expect(record).toBeUndefined();
          }
        })(),
      );
      expect(error.message).toMatch(/larger than 4 MB once uncompressed/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses bytes that are not UTF-8", async () => {
    const bytes = Buffer.concat([
      Buffer.from('<disqus xmlns="http://disqus.com"><category>'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from("</category></disqus>"),
    ]);
    const error = await failureOf(readAll(bytes));
    expect(error.message).toMatch(/UTF-8/);
  });
});
