import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { removeComparedTool, useComparedTools } from "~/components/compare/compare-store";
import { BROWSE_PATH } from "~/lib/paths";
import {
  comparePath as comparePathOf,
  MAX_COMPARED_TOOLS,
  MIN_COMPARED_TOOLS,
  type ComparedTool,
} from "~/lib/compare";
import { CompareTable } from "./compare-table";
import type { ComparisonTool } from "~/lib/compare-rows";

/** The checkbox the rows' CSS reads: the switch works before (and without) JavaScript. */
export const DIFFERENCES_SWITCH_ID = "compare-differences";

export function ComparePage({ tools }: { tools: readonly ComparisonTool[] }) {
  const names = tools.map((tool) => tool.name);
  return (
    <article className="group mx-auto max-w-6xl px-4 py-8 sm:px-6" aria-labelledby="compare-title">
      <Breadcrumbs
        items={[
          { label: "Home", href: "/" },
          { label: "AI Tools", href: BROWSE_PATH },
          { label: "Compare" },
        ]}
      />
      <h1
        id="compare-title"
        className="mt-6 text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl"
      >
        {names.join(" vs ")}
      </h1>
      <p className="mt-3 text-lg text-slate-700">
        {names.length} AI tools side by side. A dash means the tool&apos;s listing has no value;
        Unknown, that no source states the fact yet. Each tool&apos;s page gives its facts&apos;
        sources and dates.
      </p>
      <div className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1">
        <input
          id={DIFFERENCES_SWITCH_ID}
          type="checkbox"
          role="switch"
          aria-describedby="compare-differences-hint"
          className="size-5 accent-brand-700"
        />
        <label
          htmlFor={DIFFERENCES_SWITCH_ID}
          className="font-medium whitespace-nowrap text-slate-900"
        >
          Differences only
        </label>
        <span
          id="compare-differences-hint"
          className="basis-full text-sm text-slate-600 sm:basis-auto"
        >
          Hides the rows where every tool has the same value.
        </span>
      </div>
      <CompareTable tools={tools} />
    </article>
  );
}

interface CompareProblemPageProps {
  problem: "too-many" | "repeated";
  /** For a repeated tool: the comparison of each tool once. */
  comparePath: string | null;
}

/** The 400 page: what is wrong with the address and a way on. */
export function CompareProblemPage({ problem, comparePath }: CompareProblemPageProps) {
  const isTooMany = problem === "too-many";
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">
        {isTooMany ? `You can compare up to ${MAX_COMPARED_TOOLS} tools` : "A tool is named twice"}
      </h1>
      <p className="mt-4 text-slate-600">
        {isTooMany
          ? `This address names more than ${MAX_COMPARED_TOOLS} tools. Pick 2 to ${MAX_COMPARED_TOOLS} of them to see side by side.`
          : "This address names the same tool more than once. Compare each tool once instead."}
      </p>
      <p className="mt-8 flex flex-wrap justify-center gap-4">
        {comparePath && (
          <Link
            className="rounded-lg bg-brand-700 px-4 py-2 font-medium whitespace-nowrap text-white"
            to={comparePath}
          >
            Compare each tool once
          </Link>
        )}
        <BrowseLink isSecondary={Boolean(comparePath)} />
      </p>
    </div>
  );
}

interface CompareUnlistedPageProps {
  /** The address's pieces no online tool has (a run of them between listed tools is one). */
  unlisted: readonly string[];
  /** The online tools the address names. */
  listed: readonly (ComparedTool & { path: string })[];
}

const listOf = (items: readonly string[]) => new Intl.ListFormat("en-US").format(items);

/**
 * The 404 page of a comparison naming tools that are not listed (any more): which, and a way to
 * the rest. A tray holding them (it keeps tools across visits) lets them go.
 */
export function CompareUnlistedPage({ unlisted, listed }: CompareUnlistedPageProps) {
  const { pathname } = useLocation();
  const tray = useComparedTools();
  useEffect(() => {
    const listedSlugs = new Set(listed.map((tool) => tool.slug));
    // The tray led here when this is its address: then every tool of it not listed goes.
    const isTrayAddress =
      tray.length > 0 && comparePathOf(tray.map((tool) => tool.slug)) === pathname;
    for (const tool of tray) {
      if (unlisted.includes(tool.slug) || (isTrayAddress && !listedSlugs.has(tool.slug)))
        removeComparedTool(tool.id);
    }
  }, [tray, unlisted, listed, pathname]);

  const canCompare = listed.length >= MIN_COMPARED_TOOLS && listed.length <= MAX_COMPARED_TOOLS;
  const only = listed.length === 1 ? listed[0] : undefined;
  const onward = canCompare
    ? {
        to: comparePathOf(listed.map((tool) => tool.slug)),
        label: `Compare ${listOf(listed.map((tool) => tool.name))}`,
      }
    : only && { to: only.path, label: `See ${only.name}` };
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">
        {unlisted.length === 1 ? "A tool is not listed" : "Some tools are not listed"}
      </h1>
      <p className="mt-4 text-slate-600">
        This comparison names {listOf(unlisted.map((slug) => `“${slug}”`))}, which{" "}
        {unlisted.length === 1 ? "is" : "are"} not listed on the site (any more).
      </p>
      <p className="mt-8 flex flex-wrap justify-center gap-4">
        {onward && (
          <Link className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white" to={onward.to}>
            {onward.label}
          </Link>
        )}
        <BrowseLink isSecondary={Boolean(onward)} />
      </p>
    </div>
  );
}

/** The way on from a page that compares nothing: plain beside a better offer, else the main one. */
function BrowseLink({ isSecondary }: { isSecondary: boolean }) {
  return (
    <Link
      className={
        isSecondary
          ? "rounded-lg border border-slate-300 px-4 py-2 font-medium whitespace-nowrap"
          : "rounded-lg bg-brand-700 px-4 py-2 font-medium whitespace-nowrap text-white"
      }
      to={BROWSE_PATH}
    >
      Browse AI tools
    </Link>
  );
}
