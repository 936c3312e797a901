import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { DraftJobList, type JobActions } from "~/features/admin/ai-add/draft-job-list";
import { ProvenanceNote } from "~/features/admin/ai-add/provenance-note";
import type { DraftJobSummary } from "~/lib/ai-draft";

// What the AI-assisted add list and the review's field notes show, in the HTML the server sends.

function render(node: React.ReactNode): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => node }]);
  return renderToString(<Stub />);
}

const actions: JobActions = { busyId: null, cancel() {}, retry() {}, remove() {} };

const job: DraftJobSummary = {
  id: 7,
  address: "jasper.ai",
  url: "https://jasper.ai/",
  finalUrl: null,
  state: "failed",
  progress: null,
  failure: { code: "duplicate", message: "A tool with this website is already in the catalogue." },
  duplicateOf: { id: "demo-0001", name: "Jasper", path: "/ai-tools/writing/jasper" },
  draftedFields: 1,
  usedModel: false,
  modelProblem: null,
  savedTool: null,
  createdAt: "2026-11-24T06:00:00.000Z",
  updatedAt: "2026-11-24T06:00:00.000Z",
};

describe("the AI-assisted add job list", () => {
  it("says so when there are no jobs", () => {
    expect(render(<DraftJobList jobs={[]} actions={actions} />)).toContain("No drafts yet.");
  });

  it("links a duplicate to its tool and offers Draft anyway instead of Retry", () => {
    const html = render(<DraftJobList jobs={[job]} actions={actions} />);
    expect(html).toContain('href="/ai-tools/writing/jasper"');
    expect(html).toContain('href="/admin/tools/manual/demo-0001"');
    expect(html).toContain("Draft anyway");
    expect(html).not.toContain(">Retry<");
    expect(html).not.toContain("Review draft");
  });

  it("offers Cancel, not Remove, while a job runs", () => {
    const html = render(
      <DraftJobList
        jobs={[
          {
            ...job,
            state: "fetching",
            failure: null,
            duplicateOf: null,
            progress: "Fetched 12 KB",
          },
        ]}
        actions={actions}
      />,
    );
    expect(html).toContain("Fetched 12 KB");
    expect(html).toContain(">Cancel<");
    expect(html).not.toContain(">Remove<");
  });

  it("keeps a busy job's buttons focusable, marked aria-disabled instead of disabled", () => {
    const running = { ...job, state: "fetching" as const, failure: null, duplicateOf: null };
    const html = render(<DraftJobList jobs={[running]} actions={{ ...actions, busyId: 7 }} />);
    expect(html).toMatch(/<button[^>]*aria-disabled="true"[^>]*>Cancel</);
    expect(html).not.toMatch(/<button[^>]*disabled=""/);
    expect(html).toMatch(
      /<p[^>]*id="draft-job-7"[^>]*tabindex="-1"|tabindex="-1"[^>]*id="draft-job-7"/,
    );
  });
});

describe("a drafted field's note", () => {
  it("names the source, quotes the evidence and flags a proposed category", () => {
    const html = render(
      <ProvenanceNote
        field="category"
        drafted={{
          value: "Meeting notes",
          source: "model",
          evidence: "AI meeting notes",
          proposal: true,
        }}
        onRedraft={() => {}}
        isRedrafting={false}
        message={null}
      />,
    );
    expect(html).toContain("Model");
    expect(html).toContain("AI meeting notes");
    expect(html).toContain("Proposal: not in the taxonomy yet");
    expect(html).toContain('aria-label="Redraft the category"');
  });

  it("keeps the Redraft button focusable while it works, with one status line for its outcome", () => {
    const note = (isRedrafting: boolean, message: string | null) =>
      render(
        <ProvenanceNote
          field="name"
          drafted={{ value: "Quill", source: "json-ld", evidence: "Quill" }}
          onRedraft={() => {}}
          isRedrafting={isRedrafting}
          message={message}
        />,
      );
    const working = note(true, null);
    expect(working).toMatch(/<button[^>]*aria-disabled="true"/);
    expect(working).not.toMatch(/<button[^>]*disabled=""/);
    expect(working.match(/role="status"/g)).toHaveLength(1);
    const done = note(false, "The name is redrafted.");
    expect(done.match(/role="status"/g)).toHaveLength(1);
    expect(done).toContain("The name is redrafted.");
  });

  it("shows nothing for an undrafted field that cannot be redrafted", () => {
    const html = render(
      <ProvenanceNote field="mainImage" drafted={undefined} isRedrafting={false} message={null} />,
    );
    expect(html).not.toContain("data-provenance");
  });
});
