import { Link } from "react-router";
import { useAuthPrompt } from "~/components/auth-prompt";
import { CategoryChips } from "~/components/category-chips";
import { ChipTicker } from "~/components/chip-ticker";
import { Marquee } from "~/components/marquee";
import { SearchForm } from "~/components/search-form";
import { CompactToolCard, ToolCard } from "~/components/tool-card";
import { DEFAULT_SEARCH_PLACEHOLDER, TYPING_WORDS } from "~/lib/constants";
import { NO_TOP_TOOLS, TOP_TOOLS_FALLBACK } from "~/lib/messages";
import { BROWSE_PATH, browseUrl, featuredToolHref, SUPPORT_PATH } from "~/lib/paths";
import type { CompactTool, ToolCard as ToolCardData, TopTool } from "~/lib/tool";
import { TopToolsCarousel } from "./top-tools-carousel";
import { TypedWord } from "./typed-word";

export interface HomePageProps {
  categories: readonly { name: string; count: number }[];
  popularSubcategories: readonly string[];
  total: number;
  featured: readonly ToolCardData[];
  recentlyAdded: readonly CompactTool[];
  topTools: readonly TopTool[];
  isTopToolsFallback: boolean;
}

const BENEFITS = [
  {
    title: "Independent listings",
    text: "Every tool is described in plain language, with its real pricing model.",
  },
  {
    title: "Compare in minutes",
    text: "Filter by category, price and popularity to get to a shortlist fast.",
  },
  {
    title: "Curated for business",
    text: "Tools for marketing, sales, support, finance, HR and operations teams.",
  },
  {
    title: "Always up to date",
    text: "New tools arrive every week, and outdated listings are taken offline.",
  },
];

const PARTNER_CARDS = [
  {
    title: "Find the right fit",
    text: "Tell us the problem you want to solve and we point you to the tools that match your size, budget and stack.",
  },
  {
    title: "Plan the rollout",
    text: "Start with one workflow, measure the hours it saves, and expand with a clear plan your team can follow.",
  },
  {
    title: "Stay ahead",
    text: "Our weekly newsletter covers the launches and updates that matter to business teams, and nothing else.",
  },
];

function SectionHeading({
  id,
  title,
  action,
}: {
  id: string;
  title: string;
  action?: React.ReactNode;
}) {
  return (
    <div className="flex items-end justify-between gap-4">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-950">
        {title}
      </h2>
      {action}
    </div>
  );
}

const SEARCH_PLACEHOLDERS = [
  DEFAULT_SEARCH_PLACEHOLDER,
  "Try “meeting notes”",
  "Try “invoice automation”",
  "Try “customer support chatbot”",
];

export function HomePage(props: HomePageProps) {
  const { categories, total, featured, recentlyAdded, topTools, isTopToolsFallback } = props;
  const openAuth = useAuthPrompt();
  // A subcategory name can live in several categories; the ticker's link covers them all.
  const tickerItems = props.popularSubcategories.map((name) => ({
    name,
    href: browseUrl({ subcategory: name }),
  }));

  return (
    <div>
      <section className="bg-gradient-to-b from-brand-900 to-brand-700 text-white">
        <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6 sm:py-24">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
            Business AI Tools Directory
          </h1>
          <p className="mt-4 text-xl text-brand-100 sm:text-2xl">
            The right AI tools for your <TypedWord words={TYPING_WORDS} />
          </p>
          <p className="mt-4 text-sm text-brand-100 sm:text-base">
            Unlock the Potential of AI | Compare 1000+ Solutions |{" "}
            <Link
              to={SUPPORT_PATH}
              className="font-semibold text-white underline decoration-brand-200 underline-offset-4 hover:decoration-white"
            >
              Get Implementation Support
            </Link>
          </p>
          <div className="mx-auto mt-8 max-w-2xl">
            <SearchForm placeholders={SEARCH_PLACEHOLDERS} />
          </div>
          <p className="mt-4 text-sm text-brand-100">
            {total.toLocaleString("en-US")} tools listed, each with its pricing and ratings
          </p>
        </div>
      </section>

      <div className="mx-auto max-w-7xl space-y-16 px-4 py-12 sm:px-6">
        <section aria-labelledby="home-categories">
          <SectionHeading id="home-categories" title="Browse by category" />
          <div className="mt-4">
            <CategoryChips
              label="Categories"
              items={categories.map((category) => ({
                ...category,
                href: browseUrl({ category: category.name }),
              }))}
            />
          </div>
        </section>

        {featured.length > 0 && (
          <section aria-labelledby="home-featured">
            <SectionHeading id="home-featured" title="Featured Enterprise AI Solutions" />
            <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {featured.map((tool) => (
                <li key={tool.id} className="flex">
                  <ToolCard tool={tool} href={featuredToolHref(tool)} />
                </li>
              ))}
            </ul>
          </section>
        )}

        <div className="grid grid-cols-1 gap-12 lg:grid-cols-2 [&>*]:min-w-0">
          <section aria-labelledby="home-recent">
            <SectionHeading
              id="home-recent"
              title="Recently Added"
              action={
                <Link
                  to={BROWSE_PATH}
                  className="text-sm font-semibold text-brand-700 hover:underline"
                >
                  See all tools
                </Link>
              }
            />
            <div className="mt-6">
              <Marquee
                label="Recently added tools"
                direction="vertical"
                pauseLabel="the moving list of recently added tools"
                className="h-96"
              >
                {(isCopy) => (
                  <ul className="grid gap-3 pb-3">
                    {recentlyAdded.map((tool) => (
                      <li key={tool.id}>
                        <CompactToolCard tool={tool} tabIndex={isCopy ? -1 : undefined} />
                      </li>
                    ))}
                  </ul>
                )}
              </Marquee>
            </div>
          </section>

          <section aria-labelledby="home-subcategories">
            <SectionHeading id="home-subcategories" title="Popular subcategories" />
            <div className="mt-6">
              <ChipTicker label="Subcategory ticker" items={tickerItems} />
            </div>
            <p className="mt-6 text-slate-600">
              Every subcategory is a shortlist in itself: pick one to see its tools side by side,
              with pricing, ratings and what other business teams like.
            </p>
          </section>
        </div>

        <section
          aria-labelledby="home-trusted"
          className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10"
        >
          <SectionHeading
            id="home-trusted"
            title="Trusted by Business Leaders"
            action={
              <button
                type="button"
                onClick={() => openAuth("signup")}
                className="rounded-xl bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
              >
                Get Started Free
              </button>
            }
          />
          <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <ul className="grid gap-6 sm:grid-cols-2">
              {BENEFITS.map((benefit) => (
                <li key={benefit.title}>
                  <h3 className="font-semibold text-slate-950">{benefit.title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{benefit.text}</p>
                </li>
              ))}
            </ul>
            <div>
              <h3 className="text-lg font-semibold text-slate-950">Top tools</h3>
              {topTools.length === 0 ? (
                <p className="mt-3 text-slate-600">{NO_TOP_TOOLS}</p>
              ) : (
                <>
                  {isTopToolsFallback && (
                    <p className="mt-1 text-sm text-slate-600">{TOP_TOOLS_FALLBACK}</p>
                  )}
                  <div className="mt-3">
                    <TopToolsCarousel tools={topTools} isFallback={isTopToolsFallback} />
                  </div>
                </>
              )}
            </div>
          </div>
        </section>

        <section aria-labelledby="home-partner">
          <SectionHeading id="home-partner" title="Your Trusted Partner in AI Implementation" />
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {PARTNER_CARDS.map((card) => (
              <li key={card.title} className="rounded-2xl border border-slate-200 bg-white p-6">
                <h3 className="text-lg font-semibold text-slate-950">{card.title}</h3>
                <p className="mt-2 text-slate-600">{card.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="home-newsletter"
          className="rounded-3xl bg-brand-900 p-8 text-center text-white sm:p-12"
        >
          <h2 id="home-newsletter" className="text-2xl font-bold">
            Get the best new AI tools every week
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-brand-100">
            One short email with the launches, updates and practical guides that matter to business
            teams.
          </p>
          <Link
            to="/newsletter"
            className="mt-6 inline-block rounded-xl bg-white px-6 py-3 font-semibold text-brand-900 hover:bg-brand-50"
          >
            Subscribe to the newsletter
          </Link>
          <p className="mt-4 text-sm text-brand-100">
            We respect your privacy. You can unsubscribe at any time.
          </p>
        </section>
      </div>
    </div>
  );
}
