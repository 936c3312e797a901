import { LocalDate } from "~/components/local-date";
import { FACTS, type Fact, type FactKey, type ToolFacts } from "~/lib/buyer-facts";
import { factText, UNKNOWN_FACT } from "~/lib/fact-sections";
import { factSourceLead } from "~/lib/fact-source";
import { INTEGRATIONS, type IntegrationKey } from "~/lib/integrations";

// A definition list of buyer facts: every key of a section, its value (or "Unknown"), where the
// value came from and when it was last checked, linked to the evidence, with its quote. The
// children's styles are set once on the list, not repeated on every fact.

const LIST =
  "mt-3 divide-y divide-slate-200 border-y border-slate-200 text-sm *:py-3 sm:*:grid sm:*:grid-cols-[13rem_minmax(0,1fr)] sm:*:gap-4 [&_dt]:font-medium [&_dt]:text-slate-700 [&_dd>span]:font-semibold [&_small]:mt-1 [&_small]:block [&_small]:text-sm [&_small]:text-slate-600 [&_small_a]:underline [&_small_a]:hover:text-brand-800 [&_blockquote]:mt-2 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-3 [&_blockquote]:text-slate-700 [&_blockquote]:italic";

/** Where the fact came from and when it was last confirmed, linked to its evidence. */
function FactSource({ fact, toolWebsite }: { fact: Fact<unknown>; toolWebsite: string | null }) {
  const words = (
    <>
      {`${factSourceLead(fact, toolWebsite)} `}
      <LocalDate value={fact.checkedAt} isDay />
    </>
  );
  return (
    <>
      <small>
        {fact.evidenceUrl ? (
          <a href={fact.evidenceUrl} target="_blank" rel="nofollow noopener">
            {words}
            <span className="sr-only"> (new tab)</span>
          </a>
        ) : (
          words
        )}
      </small>
      {fact.quote && <blockquote>“{fact.quote}”</blockquote>}
    </>
  );
}

function FactValue({ facts, factKey }: { facts: ToolFacts; factKey: FactKey }) {
  const fact = facts[factKey];
  if (factKey === "integrations" && facts.integrations) {
    return (
      <ul className="flex flex-wrap gap-1.5" aria-label="Integrates with">
        {facts.integrations.value.map((app: IntegrationKey) => (
          <li key={app} className="rounded-full bg-slate-100 px-2.5 py-0.5 font-medium">
            {INTEGRATIONS[app]}
          </li>
        ))}
      </ul>
    );
  }
  if (factKey === "soc2" && facts.soc2?.reportDate) {
    return (
      <span>
        {`${factText(facts, factKey)}, report dated `}
        <LocalDate value={facts.soc2.reportDate} isDay />
      </span>
    );
  }
  return fact ? <span>{factText(facts, factKey)}</span> : <>{UNKNOWN_FACT}</>;
}

interface FactListProps {
  facts: ToolFacts;
  keys: readonly FactKey[];
  /** The tool's own site, to tell its pages from other sites'; null when it has none. */
  toolWebsite: string | null;
}

export function FactList({ facts, keys, toolWebsite }: FactListProps) {
  return (
    <dl className={LIST}>
      {keys.map((key) => {
        const fact = facts[key] as Fact<unknown> | undefined;
        return (
          <div key={key}>
            <dt>{FACTS[key].label}</dt>
            <dd className={fact ? undefined : "text-slate-600"}>
              <FactValue facts={facts} factKey={key} />
              {fact && <FactSource fact={fact} toolWebsite={toolWebsite} />}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
