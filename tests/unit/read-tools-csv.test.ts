import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readToolsCsv } from "../../bench/read-tools-csv";

// The search benchmark's reader of real tool CSV files.

describe("readToolsCsv", () => {
  let folder: string | undefined;
  afterEach(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  function toolsOf(text: string) {
    folder = mkdtempSync(join(tmpdir(), "read-tools-csv-"));
    const path = join(folder, "tools.csv");
    writeFileSync(path, text);
    return readToolsCsv(path).map((row) => [row.name, row.category]);
  }

  it("ends a record at CRLF, LF or a lone CR wherever each appears in the file", () => {
    expect(toolsOf("name,category\r\nA,x\nB,y\rC,z\r\n")).toEqual([
      ["A", "x"],
      ["B", "y"],
      ["C", "z"],
    ]);
  });
});
