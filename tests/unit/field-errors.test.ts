import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrorsOf, firstProblem } from "~/lib/field-errors";

const schema = z.object({
  name: z.string().min(1, "Enter a name.").max(3, "Too long."),
  pricing: z.object({ model: z.enum(["Free", "Paid"], "Pick a model.") }),
  hashtags: z.array(z.string().max(2, "Each hashtag is short.")),
});

function problemsOf(value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error("expected a failed parse");
  return parsed.error;
}

describe("fieldErrorsOf", () => {
  it("keys each field's first message by its dotted path, a list item's by its list", () => {
    expect(
      fieldErrorsOf(problemsOf({ name: "", pricing: { model: "Gift" }, hashtags: ["ok", "long"] })),
    ).toEqual({
      name: "Enter a name.",
      "pricing.model": "Pick a model.",
      hashtags: "Each hashtag is short.",
    });
  });

  it("keys a list item's message by its own path when asked, as the API's error body does", () => {
    expect(
      fieldErrorsOf(
        problemsOf({ name: "ok", pricing: { model: "Free" }, hashtags: ["ok", "long"] }),
        {
          keepItemIndex: true,
        },
      ),
    ).toEqual({ "hashtags.1": "Each hashtag is short." });
  });

  it("files a problem with the whole value under _", () => {
    expect(fieldErrorsOf(problemsOf("not an object"))).toEqual({ _: expect.any(String) });
  });
});

describe("firstProblem", () => {
  it("gives the first message, or the fallback when there is none", () => {
    expect(firstProblem(problemsOf({ name: "", pricing: { model: "Free" }, hashtags: [] }))).toBe(
      "Enter a name.",
    );
    expect(firstProblem(new z.ZodError([]), "Check the form.")).toBe("Check the form.");
  });
});
