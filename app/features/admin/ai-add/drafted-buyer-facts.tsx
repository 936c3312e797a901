import type { DraftedBuyerFacts } from "~/lib/ai-draft";
import { FACT_KEYS, FACTS, formatFactValue, type FactKey } from "~/lib/buyer-facts";
import { formatPlanPrice } from "~/lib/pricing-plans";

/** "example.com/security": the evidence page as a short link text. */
function pageLabel(address: string): string {
  try {
    const url = new URL(address);
    return `${url.host.replace(/^www\./, "")}${url.pathname === "/" ? "" : url.pathname}`;
  } catch {
    return address;
  }
}

function Evidence({ quote, url, about }: { quote: string; url: string; about: string }) {
  return (
    <div className="mt-0.5 text-xs text-slate-700">
      <q className="break-words italic">
        <span className="sr-only">Quote for {about}: </span>
        {quote}
      </q>{" "}
      <a
        href={url}
        target="_blank"
        rel="noreferrer noopener"
        className="break-all text-brand-700 underline"
      >
        <span className="sr-only">Evidence page for {about}: </span>
        {pageLabel(url)}
      </a>
    </div>
  );
}

/**
 * The buyer facts and plans a draft found on the tool's own pages, each with the words it rests on
 * and a link to its page, and the pages read or skipped. They are already in the editor's Buyer
 * facts and Pricing plans below, where the admin keeps, changes or clears them.
 */
export function DraftedBuyerFactsSummary({ draft }: { draft: DraftedBuyerFacts }) {
  const facts = FACT_KEYS.filter((key) => draft.facts?.[key]);
  const plans = draft.plans ?? [];
  const pages = draft.evidencePages ?? [];
  const skipped = pages.filter((page) => page.problem);
  return (
    <section
      aria-labelledby="drafted-facts-title"
      className="mt-4 max-w-3xl rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800"
    >
      <h2 id="drafted-facts-title" className="text-base font-semibold text-slate-950">
        Drafted buyer facts and plans
      </h2>
      {facts.length === 0 && plans.length === 0 ? (
        <p className="mt-1">
          None were drafted: no page read stated a fact or a plan in words it could quote. Facts
          stay unknown until you set them below.
        </p>
      ) : (
        <p className="mt-1">
          Each rests on the quoted words of the tool&apos;s own page. They are filled in under Buyer
          facts and Pricing plans below: check each against its page, and change it or set it back
          to unknown before adding the tool. What no page stated stays unknown.
        </p>
      )}
      {facts.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label="Drafted facts">
          {facts.map((key: FactKey) => {
            const fact = draft.facts![key]!;
            const label = FACTS[key].label;
            return (
              <li key={key} data-drafted-fact={key}>
                <span className="font-medium">{label}:</span>{" "}
                {formatFactValue(key, fact.value as never)}
                {fact.quote && fact.evidenceUrl && (
                  <Evidence quote={fact.quote} url={fact.evidenceUrl} about={label} />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {plans.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label="Drafted plans">
          {plans.map((plan) => (
            <li key={plan.name} data-drafted-plan={plan.name}>
              <span className="font-medium">{plan.name}:</span> {formatPlanPrice(plan)}
              {plan.note && ` (${plan.note})`}
              <Evidence quote={plan.quote} url={plan.evidenceUrl} about={`the ${plan.name} plan`} />
            </li>
          ))}
        </ul>
      )}
      {pages.length > 0 && (
        <p className="mt-3 text-xs text-slate-700">
          Pages read:{" "}
          {pages
            .filter((page) => !page.problem)
            .map((page) => pageLabel(page.url))
            .join(", ") || "none"}
          .
          {skipped.map((page) => (
            <span key={page.url} className="block">
              Skipped {pageLabel(page.url)}: {page.problem}
            </span>
          ))}
        </p>
      )}
    </section>
  );
}
