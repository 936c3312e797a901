import type { Random } from "../core/seeded-random.server";

// Demo comments and ratings, in plain words without markup characters, so their HTML
// is a paragraph as written: every demo tool's rating_avg and rating_count are
// derived from its demo rows, so the numbers shown are those its comments add up to.

/** A demo tool has at most this many rated comments, so a first start stays quick. */
export const MAX_DEMO_RATINGS_PER_TOOL = 11;

export interface DemoComment {
  /** `demo-<tool id>-<n>`: stable, so seeding twice adds nothing. */
  externalId: string;
  /** The parent's externalId, for a reply. */
  parentExternalId: string | null;
  toolId: string;
  authorName: string;
  bodyHtml: string;
  rating: number | null;
  createdAt: Date;
}

const FIRST_NAMES = [
  "Amira",
  "Ben",
  "Carla",
  "Deepak",
  "Elena",
  "Femi",
  "Grace",
  "Hiro",
  "Ines",
  "Jonas",
  "Kofi",
  "Lena",
  "Mateo",
  "Nadia",
  "Omar",
  "Priya",
  "Quinn",
  "Rosa",
  "Sven",
  "Tara",
  "Uma",
  "Victor",
  "Wen",
  "Yusuf",
  "Zoe",
];
const LAST_INITIALS = "ABCDEFGHJKLMNPRSTVWZ";

const PRAISE = [
  "Saved our team hours every week.",
  "Easy to set up and the results are solid.",
  "Does exactly what we needed, nothing more.",
  "Support answered within a day. Happy so far.",
  "The best tool of its kind we have tried.",
];
const MIXED = [
  "Good results, but the pricing adds up quickly.",
  "Useful, though the setup took longer than expected.",
  "Works well for small jobs, slower on big ones.",
  "Decent. Missing a few integrations we rely on.",
];
const CRITICAL = [
  "Did not fit our workflow at all.",
  "Too many errors in the output to trust it.",
  "Hard to cancel and support was slow.",
];
const NO_RATING = [
  "Does it work with Google Workspace?",
  "Is there a discount for non-profits?",
  "We are trying it this month, will report back.",
];
const REPLIES = [
  "Same experience here.",
  "Thanks, that helps us decide.",
  "Yes, it does since the last update.",
  "Which plan are you on?",
];

function textOf(random: Random, rating: number | null): string {
  if (rating === null) return random.pick(NO_RATING);
  return random.pick(rating >= 4 ? PRAISE : rating === 3 ? MIXED : CRITICAL);
}

/** The average stored for these ratings: rounded to 2 decimals, as recomputeToolRatings does. */
export function averageOf(ratings: readonly number[]): number {
  if (ratings.length === 0) return 0;
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return Math.round((sum * 100) / ratings.length) / 100;
}

/**
 * A demo tool's comments: `wanted` rated ones (at most MAX_DEMO_RATINGS_PER_TOOL) around
 * `around` stars, sometimes a question without a rating, sometimes a reply; and the rating they
 * make.
 */
export function generateDemoComments(
  random: Random,
  tool: { id: string; createdAt: Date; newestAt: number },
  wanted: number,
  around: number,
): { comments: DemoComment[]; ratingAvg: number; ratingCount: number } {
  const count = Math.min(wanted, MAX_DEMO_RATINGS_PER_TOOL);
  const ratings = Array.from({ length: count }, () =>
    Math.min(5, Math.max(1, Math.round(around + (random.next() - 0.5) * 2.4))),
  );
  const threads: (number | null)[] = random.chance(0.3) ? [...ratings, null] : ratings;
  const span = Math.max(1, tool.newestAt - tool.createdAt.getTime());
  const at = () => new Date(tool.createdAt.getTime() + Math.floor(random.next() * span));
  const name = () => `${random.pick(FIRST_NAMES)} ${random.pick([...LAST_INITIALS])}.`;
  const comments: DemoComment[] = [];
  for (const rating of threads) {
    const externalId = `demo-${tool.id}-${comments.length + 1}`;
    const createdAt = at();
    comments.push({
      externalId,
      parentExternalId: null,
      toolId: tool.id,
      authorName: name(),
      bodyHtml: `<p>${textOf(random, rating)}</p>`,
      rating,
      createdAt,
    });
    if (random.chance(0.15)) {
      comments.push({
        externalId: `demo-${tool.id}-${comments.length + 1}`,
        parentExternalId: externalId,
        toolId: tool.id,
        authorName: name(),
        bodyHtml: `<p>${random.pick(REPLIES)}</p>`,
        rating: null,
        createdAt: new Date(createdAt.getTime() + 60_000 + Math.floor(random.next() * 86_400_000)),
      });
    }
  }
  return { comments, ratingAvg: averageOf(ratings), ratingCount: ratings.length };
}
