import type { CommentFile } from "../server/services/comment-import/import-comments.server";

// Factories for comment migration tests: Disqus exports written the way Disqus writes them, our
// JSON format, and a file the import can read from memory.

export interface DisqusThreadInput {
  id: string;
  link?: string;
  title?: string;
  identifier?: string;
  isDeleted?: boolean;
}

export interface DisqusPostInput {
  id: string;
  thread: string;
  parent?: string;
  message?: string;
  author?: string;
  email?: string;
  createdAt?: string;
  isSpam?: boolean;
  isDeleted?: boolean;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function disqusThreadXml(thread: DisqusThreadInput): string {
  return `  <thread dsq:id="${thread.id}">
    <id>${escapeXml(thread.identifier ?? "")}</id>
    <forum>oldsite</forum>
    <category dsq:id="1" />
    <link>${escapeXml(thread.link ?? "")}</link>
    <title>${escapeXml(thread.title ?? `Thread ${thread.id}`)}</title>
    <message />
    <createdAt>2018-01-01T00:00:00Z</createdAt>
    <author>
      <email>owner@old-site.example</email>
      <name>Owner</name>
      <isAnonymous>false</isAnonymous>
      <username>owner</username>
    </author>
    <ipAddress>127.0.0.1</ipAddress>
    <isClosed>false</isClosed>
    <isDeleted>${thread.isDeleted ? "true" : "false"}</isDeleted>
  </thread>
`;
}

export function disqusPostXml(post: DisqusPostInput): string {
  return `  <post dsq:id="${post.id}">
    <id />
    <message><![CDATA[${post.message ?? `<p>Comment ${post.id}</p>`}]]></message>
    <createdAt>${post.createdAt ?? "2019-01-01T10:00:00Z"}</createdAt>
    <isDeleted>${post.isDeleted ? "true" : "false"}</isDeleted>
    <isSpam>${post.isSpam ? "true" : "false"}</isSpam>
    <author>
      <email>${post.email ?? `person${post.id}@example.com`}</email>
      <name>${escapeXml(post.author ?? `Person ${post.id}`)}</name>
      <isAnonymous>false</isAnonymous>
      <username>person${post.id}</username>
    </author>
    <ipAddress>127.0.0.1</ipAddress>
    <thread dsq:id="${post.thread}" />${post.parent ? `\n    <parent dsq:id="${post.parent}" />` : ""}
  </post>
`;
}

export const DISQUS_HEADER = `<?xml version="1.0" encoding="utf-8"?>
<disqus xmlns="http://disqus.com" xmlns:dsq="http://disqus.com/disqus-internals" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://disqus.com/api/schemas/1.0/disqus.xsd http://disqus.com/api/schemas/1.0/disqus-internals.xsd">
  <category dsq:id="1">
    <forum>oldsite</forum>
    <title>General</title>
    <isDefault>true</isDefault>
  </category>
`;

/** A whole export; the posts come first when `postsFirst` (Disqus does not promise an order). */
export function disqusExport(
  threads: DisqusThreadInput[],
  posts: DisqusPostInput[],
  { postsFirst = false } = {},
): string {
  const threadXml = threads.map(disqusThreadXml).join("");
  const postXml = posts.map(disqusPostXml).join("");
  return `${DISQUS_HEADER}${postsFirst ? postXml + threadXml : threadXml + postXml}</disqus>\n`;
}

/** An export whose one post holds elements nested `depth` deep (7 bytes a level). */
export function deepDisqusExport(depth: number): string {
  return `${DISQUS_HEADER}  <post dsq:id="1">${"<a>".repeat(depth)}${"</a>".repeat(depth)}</post>\n</disqus>\n`;
}

export function memoryCommentFile(name: string, text: string | Buffer): CommentFile {
  const bytes = typeof text === "string" ? Buffer.from(text) : text;
  return {
    name,
    format: /\.json$/.test(name) ? "json" : "disqus",
    size: bytes.length,
    async *open(onStoredBytes) {
      for (let start = 0; start < bytes.length; start += 4096) {
        const chunk = bytes.subarray(start, start + 4096);
        onStoredBytes?.(start + chunk.length);
        yield chunk;
      }
    },
  };
}
