import { INTEGRATION_FACT_KEYS, SECURITY_FACT_KEYS } from "~/lib/fact-sections";
import type { ToolPageDetail } from "~/lib/tool";
import { FactList } from "./fact-list";
import { PricingPlans } from "./pricing-plans";

type BuyerFactsTool = Pick<
  ToolPageDetail,
  "name" | "facts" | "plans" | "startingPrice" | "websiteUrl"
>;

function FactSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-semibold text-slate-950">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * What a business buyer decides on: security and compliance, integrations, and pricing plans,
 * each fact with its source and date, unknown ones as "Unknown" (decision 030). A tool with no
 * facts and no plans gets one short note instead of three empty sections.
 */
export function BuyerFactsSections({ tool }: { tool: BuyerFactsTool }) {
  const toolWebsite = tool.websiteUrl === "#" ? null : tool.websiteUrl;
  if (Object.keys(tool.facts).length === 0 && tool.plans.length === 0) {
    return (
      <FactSection id="tool-buyer-facts" title="Security, integrations and pricing">
        <p className="mt-2 text-slate-600">
          Nothing about {tool.name}&apos;s security, integrations or pricing plans has been checked
          yet.
        </p>
      </FactSection>
    );
  }
  return (
    <>
      <FactSection id="tool-security" title="Security & compliance">
        <FactList facts={tool.facts} keys={SECURITY_FACT_KEYS} toolWebsite={toolWebsite} />
      </FactSection>
      <FactSection id="tool-integrations" title="Integrations">
        <FactList facts={tool.facts} keys={INTEGRATION_FACT_KEYS} toolWebsite={toolWebsite} />
      </FactSection>
      <FactSection id="tool-pricing-plans" title="Pricing plans">
        <PricingPlans
          toolName={tool.name}
          plans={tool.plans}
          startingPrice={tool.startingPrice}
          facts={tool.facts}
          toolWebsite={toolWebsite}
        />
      </FactSection>
    </>
  );
}
