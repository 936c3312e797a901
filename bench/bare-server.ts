import { readFileSync } from "node:fs";
import http from "node:http";

// The yardstick of `npm run bench:pages`: a bare Node `http` server, in a process of its own, that
// answers GET /<n> with the n-th recorded response (body bytes, Content-Type, Content-Encoding)
// and nothing else. Usage: node --import tsx bench/bare-server.ts <responses.json> <port>

interface Recorded {
  contentType: string;
  contentEncoding: string | null;
  body: string;
}

const [file, port] = process.argv.slice(2);
const responses = (JSON.parse(readFileSync(file!, "utf8")) as Recorded[]).map((recorded) => ({
  headers: {
    "Content-Type": recorded.contentType,
    ...(recorded.contentEncoding ? { "Content-Encoding": recorded.contentEncoding } : {}),
  },
  body: Buffer.from(recorded.body, "base64"),
}));

http
  .createServer((req, res) => {
    const response = responses[Number(req.url?.slice(1))];
    if (!response) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { ...response.headers, "Content-Length": response.body.length });
    res.end(response.body);
  })
  .listen(Number(port), "127.0.0.1");
process.on("SIGTERM", () => process.exit(0));
