import { describe, expect, it } from "vitest";
import { slugify, uniqueSlug } from "~/lib/slug";

describe("slugify", () => {
  it("lower-cases and trims", () => {
    expect(slugify("  Marketing  ")).toBe("marketing");
  });
  it("turns spaces into hyphens", () => {
    expect(slugify("Lead Generation")).toBe("lead-generation");
  });
  it("drops non-word characters", () => {
    expect(slugify("Writing & Content")).toBe("writing-content");
    expect(slugify("Quill.ai!")).toBe("quillai");
  });
  it("collapses repeated hyphens", () => {
    expect(slugify("a -- b")).toBe("a-b");
  });
  it("strips leading and trailing hyphens", () => {
    expect(slugify("-Edge-")).toBe("edge");
    expect(slugify("& Co")).toBe("co");
  });
  it("keeps underscores and digits, which count as word characters", () => {
    expect(slugify("GPT_4 Tools 2")).toBe("gpt_4-tools-2");
  });
});

describe("uniqueSlug", () => {
  it("uses the plain slug when it is free", () => {
    expect(uniqueSlug("Quill AI", new Set())).toBe("quill-ai");
  });
  it("numbers duplicates from 2", () => {
    expect(uniqueSlug("Quill AI", new Set(["quill-ai", "quill-ai-2"]))).toBe("quill-ai-3");
  });
  it("never returns an empty slug", () => {
    expect(uniqueSlug("!!!", new Set())).toBe("tool");
  });
  it("spells a vs word out, so no new slug holds the compare separator", () => {
    expect(uniqueSlug("Glide vs Prismai", new Set())).toBe("glide-versus-prismai");
    expect(uniqueSlug("VS Code", new Set())).toBe("versus-code");
    expect(uniqueSlug("Spy vs. Spy vs", new Set())).toBe("spy-versus-spy-versus");
    expect(uniqueSlug("Canvas", new Set())).toBe("canvas");
  });
});
