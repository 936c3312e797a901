// A fake OpenAI-compatible chat-completions server on loopback for AI-assisted add.
// Its "good" answer is built from the page in the request (between the fence lines), quoting the
// page's own words as evidence, so the draft's evidence checks pass on any fixture page. Asked for
// buyer facts and plans, it quotes the lines that state them; "invented-facts" adds claims no page
// supports (a SOC 2 report without a quote, HIPAA quoting words no page has).

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeModelMode =
  | "good"
  | "invalid-json"
  | "invented-price"
  | "invented-facts"
  | "timeout"
  | "rate-limited"
  | "server-error"
  | "empty";

export interface FakeModel {
  /** `http://127.0.0.1:<port>/v1`, as LLM_BASE_URL takes it. */
  baseUrl: string;
  setMode(mode: FakeModelMode): void;
  /** Chat-completions requests received. */
  readonly requests: number;
  lastBody(): unknown;
  /** The Authorization header of the last request. */
  lastAuthorization(): string | null;
  close(): Promise<void>;
}

interface ChatBody {
  messages?: { role: string; content: string }[];
}

/** The fenced page lines of the first user message. */
function pageLines(body: ChatBody): string[] {
  const content = body.messages?.find((message) => message.role === "user")?.content ?? "";
  const begin = /^PAGE-([0-9a-f]+)-BEGIN$/m.exec(content);
  if (!begin) return [];
  const end = content.indexOf(`PAGE-${begin[1]}-END`);
  return content.slice(begin.index + begin[0].length, end).split("\n");
}

function taxonomyCategories(body: ChatBody): string[] {
  const content = body.messages?.find((message) => message.role === "user")?.content ?? "";
  const section = /TAXONOMY:\n([\s\S]*?)\nPAGE-/.exec(content)?.[1] ?? "";
  return [...section.matchAll(/^- ([^:]+):/gm)].map((match) => match[1]!.trim());
}

function valueAfter(lines: string[], prefix: string): string | null {
  const line = lines.map((l) => l.trim()).find((l) => l.startsWith(prefix));
  return line ? line.slice(prefix.length).trim() : null;
}

/** A draft a careful model could write from the page it was sent. */
export function goodAnswer(body: ChatBody, inventPrice = false): Record<string, unknown> {
  const lines = pageLines(body);
  const answer: Record<string, unknown> = {};
  const title = valueAfter(lines, "TITLE:");
  const description = valueAfter(lines, "META description:");
  if (title) {
    answer.name = { value: title.split(/\s+[|–-]\s+|:\s/)[0], evidence: title };
    answer.seoTitle = { value: title, evidence: title };
  }
  if (description) {
    answer.cardDescription = { value: description, evidence: description };
    answer.seoDescription = { value: description, evidence: description };
  }
  const textStart = lines.indexOf("TEXT:");
  const text =
    textStart >= 0 ? lines.slice(textStart + 1).filter((l) => !l.startsWith("PRICING PAGE:")) : [];
  const sentences = text.filter((line) => line.length >= 40 && /[.!?]$/.test(line));
  if (sentences.length > 0) {
    answer.longDescription = {
      value: sentences.slice(0, 2).join(" "),
      evidence: sentences[0],
    };
  }
  const features = valueAfter(lines, "featureList:");
  if (features) {
    const items = features.split("; ");
    answer.keyFeatures = { value: items, evidence: items[0] };
  }
  const keywords = valueAfter(lines, "keywords:");
  if (keywords) answer.hashtags = { value: keywords.split(", "), evidence: keywords };
  const pageText = lines.join("\n").toLowerCase();
  const category = taxonomyCategories(body).find((name) => pageText.includes(name.toLowerCase()));
  if (category) {
    const evidenceLine = lines.find((line) => line.toLowerCase().includes(category.toLowerCase()));
    answer.category = {
      value: category,
      evidence: evidenceLine!.replace(/^\s*[^:]{1,40}:\s+/, ""),
    };
  }
  const offers = lines
    .map((line) => /^\s*offer: (.+?): (\d+(?:\.\d+)?) USD/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null);
  const paid = offers.filter((offer) => Number(offer[2]) > 0);
  if (offers.length > 0) {
    const quote = /offer: (.+)$/.exec(paid[0]?.input ?? offers[0]!.input)![1]!;
    answer.pricingModel = {
      value: paid.length === 0 ? "Free" : paid.length < offers.length ? "Freemium" : "Paid",
      evidence: quote,
    };
    if (paid.length > 0) {
      answer.pricingAmount = {
        value: inventPrice ? "$19/month" : `From $${paid[0]![2]}/month`,
        evidence: quote,
      };
    }
  }
  if (asksForFacts(body)) Object.assign(answer, factsAnswer(lines));
  return answer;
}

/** Whether the request asks for buyer facts and plans (the whole draft, not a redraft). */
function asksForFacts(body: ChatBody): boolean {
  const system = body.messages?.find((message) => message.role === "system")?.content ?? "";
  return system.includes('"facts"');
}

/** Facts and plans a careful model reads from the fenced pages, each quoting its line and page. */
function factsAnswer(lines: string[]): { facts: Record<string, unknown>; plans: unknown[] } {
  const facts: Record<string, unknown> = {};
  const plans: unknown[] = [];
  let page = valueAfter(lines, "ADDRESS:") ?? "";
  const integrations: string[] = [];
  let integrationsQuote: { quote: string; page: string } | null = null;
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line.startsWith("ADDRESS:")) page = line.slice("ADDRESS:".length).trim();
    const quoted = (value: unknown) => ({ value, quote: line, page });
    if (/SAML/.test(line)) facts.sso ??= quoted("yes");
    if (/SOC 2 Type II/.test(line)) facts.soc2 ??= quoted("type2");
    if (/hosted in .*\bEU\b/.test(line)) facts["data-regions"] ??= quoted(["eu"]);
    if (/do not train/.test(line)) facts["no-training"] ??= quoted("yes");
    for (const [key, label] of [
      ["slack", "Slack"],
      ["hubspot", "HubSpot"],
    ] as const) {
      if (line.includes(label) && !integrations.includes(key)) {
        integrations.push(key);
        integrationsQuote ??= { quote: line, page };
      }
    }
    const price = /^\$(\d+)(.*)$/.exec(line);
    const name = lines[index - 1]?.trim();
    if (price && name && /^[A-Z]\w*$/.test(name)) {
      plans.push({
        name,
        price: Number(price[1]),
        currency: "USD",
        period: /year/.test(price[2]!) ? "year" : "month",
        unit: /per user/.test(price[2]!) ? "per-user" : "flat",
        note: null,
        quote: `${name} ${line}`,
        page,
      });
    }
  });
  // Assigned in the loop's callback, which TypeScript does not follow.
  const quoted = integrationsQuote as { quote: string; page: string } | null;
  if (quoted) facts.integrations = { value: integrations, ...quoted };
  return { facts, plans };
}

/** The good answer with facts no page supports. */
function inventedFactsAnswer(body: ChatBody): Record<string, unknown> {
  const answer = goodAnswer(body);
  const lines = pageLines(body);
  const page = valueAfter(lines, "ADDRESS:");
  const facts = (answer.facts ?? {}) as Record<string, unknown>;
  const someLine = lines.find((line) => line.includes("two-factor")) ?? lines[0]!;
  answer.facts = {
    ...facts,
    soc2: { value: "type1" },
    hipaa: { value: "yes", quote: "We sign a BAA with every HIPAA customer.", page },
    iso27001: { value: "yes", quote: someLine.trim(), page },
  };
  return answer;
}

function parseBody(text: string): ChatBody {
  try {
    return JSON.parse(text) as ChatBody;
  } catch {
    return {};
  }
}

function completion(res: ServerResponse, content: string): void {
  const body = JSON.stringify({
    id: "chatcmpl-fake",
    object: "chat.completion",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
  });
  res.writeHead(200, { "content-type": "application/json" });
  res.end(body);
}

export async function startFakeModel(options: { port?: number } = {}): Promise<FakeModel> {
  let mode: FakeModelMode = "good";
  let requests = 0;
  let modeRequests = 0;
  let lastBody: unknown = null;
  let lastAuthorization: string | null = null;
  const held = new Set<ServerResponse>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method === "GET" && req.url === "/healthz") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
      return;
    }
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "Not found" } }));
      return;
    }
    requests += 1;
    modeRequests += 1;
    lastAuthorization = req.headers.authorization ?? null;
    const body = parseBody(Buffer.concat(chunks).toString("utf8"));
    lastBody = body;
    switch (mode) {
      case "good":
        completion(res, JSON.stringify(goodAnswer(body)));
        return;
      case "invented-price":
        completion(res, JSON.stringify(goodAnswer(body, true)));
        return;
      case "invented-facts":
        completion(res, JSON.stringify(inventedFactsAnswer(body)));
        return;
      case "invalid-json":
        completion(res, "Sure! Here is the draft: {name: Brieflow,");
        return;
      case "empty":
        completion(res, "");
        return;
      case "server-error":
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "The fake model is down." } }));
        return;
      case "rate-limited":
        if (modeRequests === 1) {
          res.writeHead(429, { "content-type": "application/json", "retry-after": "1" });
          res.end(JSON.stringify({ error: { message: "Rate limit reached." } }));
          return;
        }
        completion(res, JSON.stringify(goodAnswer(body)));
        return;
      case "timeout":
        held.add(res);
        res.on("close", () => held.delete(res));
        return;
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    setMode(next) {
      mode = next;
      modeRequests = 0;
    },
    get requests() {
      return requests;
    },
    lastBody: () => lastBody,
    lastAuthorization: () => lastAuthorization,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
