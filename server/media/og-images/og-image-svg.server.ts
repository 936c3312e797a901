import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "~/lib/og-image";
import { SITE_NAME } from "~/lib/seo";
import { escapeXml } from "#server/core/xml-text.server";

// The Open Graph cards' drawings, as SVG that sharp turns into a PNG. Text is admin
// and import text: it is escaped for XML (escapeXml drops what XML cannot hold) and cut to fit.

const BRAND = "#1d41b8";
const BRAND_DARK = "#142d85";
const FONT = "'Inter', 'Segoe UI', 'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif";
/** Wide enough for DejaVu Sans, the widest of the list, so text never runs off the card. */
const CHAR_WIDTH_EM = 0.62;

/** Where a tool's own image goes on its card, and a compared tool's on a comparison. */
export const TOOL_IMAGE_BOX = { left: 820, top: 170, size: 300 };
export const COMPARE_IMAGE_SIZE = 150;

/** At most `max` characters (code points, so an emoji is never cut in half), with an ellipsis when cut. */
export function truncateText(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, " ").trim());
  return chars.length <= max
    ? chars.join("")
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

/**
 * Words in lines of at most `perLine` characters, at most `maxLines` of them; the last line ends
 * with an ellipsis when text is left over, and a word longer than a line is split.
 */
export function wrapText(text: string, perLine: number, maxLines: number): string[] {
  const words = text
    .replace(/\s+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean)
    .flatMap((word) => {
      const chars = Array.from(word);
      return Array.from({ length: Math.ceil(chars.length / perLine) }, (_, index) =>
        chars.slice(index * perLine, (index + 1) * perLine).join(""),
      );
    });
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && Array.from(`${last} ${word}`).length <= perLine) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else {
      lines.push(word);
    }
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = truncateText(`${kept[maxLines - 1]} ${lines[maxLines]}`, perLine);
  return kept;
}

const charsIn = (width: number, fontSize: number) => Math.floor(width / (fontSize * CHAR_WIDTH_EM));

function textLines(
  lines: readonly string[],
  {
    x,
    y,
    size,
    lineHeight,
    weight,
    fill,
  }: {
    x: number;
    y: number;
    size: number;
    lineHeight: number;
    weight: number;
    fill: string;
  },
): string {
  return lines
    .map(
      (line, index) =>
        `<text x="${x}" y="${y + index * lineHeight}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(line)}</text>`,
    )
    .join("");
}

function frame(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}" viewBox="0 0 ${OG_IMAGE_WIDTH} ${OG_IMAGE_HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BRAND}"/><stop offset="1" stop-color="${BRAND_DARK}"/></linearGradient></defs>
<rect width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}" fill="url(#bg)"/>
<rect x="0" y="${OG_IMAGE_HEIGHT - 12}" width="${OG_IMAGE_WIDTH}" height="12" fill="#ffffff" fill-opacity="0.9"/>
${textLines([SITE_NAME], { x: 80, y: 96, size: 30, lineHeight: 0, weight: 700, fill: "#ffffff" })}
${body}
</svg>`;
}

const placeOf = (tool: { category: string | null; subCategory: string | null }) =>
  [tool.category, tool.subCategory].filter(Boolean).join(" · ") || "AI tool";

export interface CardTool {
  name: string;
  category: string | null;
  subCategory: string | null;
  cardDescription: string;
}

/** A tool's card: its name, category and card description, with room for its image on the right. */
export function toolCardSvg(tool: CardTool, hasImage: boolean): string {
  const width = hasImage ? TOOL_IMAGE_BOX.left - 80 - 40 : OG_IMAGE_WIDTH - 160;
  const name = wrapText(tool.name, charsIn(width, 68), 2);
  const descriptionTop = 250 + name.length * 80;
  const image = hasImage
    ? `<rect x="${TOOL_IMAGE_BOX.left - 10}" y="${TOOL_IMAGE_BOX.top - 10}" width="${TOOL_IMAGE_BOX.size + 20}" height="${TOOL_IMAGE_BOX.size + 20}" rx="28" fill="#ffffff"/>`
    : "";
  return frame(
    [
      textLines([truncateText(placeOf(tool), charsIn(width, 28))], {
        x: 80,
        y: 170,
        size: 28,
        lineHeight: 0,
        weight: 400,
        fill: "#c7d4ff",
      }),
      textLines(name, { x: 80, y: 250, size: 68, lineHeight: 80, weight: 700, fill: "#ffffff" }),
      textLines(wrapText(tool.cardDescription, charsIn(width, 30), name.length > 1 ? 3 : 4), {
        x: 80,
        y: descriptionTop,
        size: 30,
        lineHeight: 42,
        weight: 400,
        fill: "#dbe4ff",
      }),
      image,
    ].join(""),
  );
}

/** Left edges of the compared tools' images, one for each tool, in a row along the bottom. */
export function compareImageLefts(count: number): number[] {
  return Array.from({ length: count }, (_, index) => 80 + index * (COMPARE_IMAGE_SIZE + 40));
}
export const COMPARE_IMAGE_TOP = OG_IMAGE_HEIGHT - 40 - COMPARE_IMAGE_SIZE;

const PLACE_SEPARATOR = "  |  ";

/**
 * Whole phrases in at most `maxLines` lines of `perLine` characters, joined by the separator;
 * null when they do not fit uncut.
 */
function packPhrases(
  phrases: readonly string[],
  perLine: number,
  maxLines: number,
): string[] | null {
  const lines: string[] = [];
  for (const phrase of phrases) {
    const last = lines.at(-1);
    const joined = last === undefined ? null : `${last}${PLACE_SEPARATOR}${phrase}`;
    if (joined !== null && Array.from(joined).length <= perLine) {
      lines[lines.length - 1] = joined;
    } else if (Array.from(phrase).length <= perLine) {
      lines.push(phrase);
    } else {
      return null;
    }
  }
  return lines.length <= maxLines ? lines : null;
}

/** Where the compared tools belong, whole; only their categories when that does not fit. */
function placeLines(tools: readonly CardTool[], perLine: number, maxLines: number): string[] {
  const places = [...new Set(tools.map(placeOf))];
  const categories = [...new Set(tools.map((tool) => tool.category ?? "AI tool"))];
  return (
    packPhrases(places, perLine, maxLines) ??
    packPhrases(categories, perLine, maxLines) ??
    wrapText(categories.join(PLACE_SEPARATOR), perLine, maxLines)
  );
}

/** A tool without an image of its own: a tile with its initial, so every tool has its place. */
function initialTile(tool: CardTool, left: number): string {
  const initial = Array.from(tool.name.trim())[0]?.toLocaleUpperCase("en-US") ?? "?";
  const middle = COMPARE_IMAGE_SIZE / 2;
  return `<rect x="${left}" y="${COMPARE_IMAGE_TOP}" width="${COMPARE_IMAGE_SIZE}" height="${COMPARE_IMAGE_SIZE}" rx="${Math.round(COMPARE_IMAGE_SIZE / 12)}" fill="#e6ecff"/><text x="${left + middle}" y="${COMPARE_IMAGE_TOP + middle}" text-anchor="middle" dominant-baseline="central" font-family="${FONT}" font-size="72" font-weight="700" fill="${BRAND}">${escapeXml(initial)}</text>`;
}

/**
 * A comparison's card: "A vs B [vs …]" in up to three lines, where the tools belong, and a row
 * with each tool's image or its initial.
 */
export function compareCardSvg(tools: readonly CardTool[], hasImage: readonly boolean[]): string {
  const names = tools.map((tool) => tool.name).join(" vs ");
  const large = wrapText(names, charsIn(OG_IMAGE_WIDTH - 160, 60), 3);
  // Large in two lines when that holds every name; else smaller, in up to three.
  const size = large.length <= 2 ? 60 : 50;
  const title = size === 60 ? large : wrapText(names, charsIn(OG_IMAGE_WIDTH - 160, size), 3);
  const lineHeight = size + 12;
  const titleTop = 230;
  const placesTop = titleTop + (title.length - 1) * lineHeight + 50;
  const places = placeLines(tools, charsIn(OG_IMAGE_WIDTH - 160, 26), title.length >= 3 ? 1 : 2);
  const tiles = compareImageLefts(tools.length)
    .map(
      (left, index) =>
        `<rect x="${left - 6}" y="${COMPARE_IMAGE_TOP - 6}" width="${COMPARE_IMAGE_SIZE + 12}" height="${COMPARE_IMAGE_SIZE + 12}" rx="18" fill="#ffffff"/>${hasImage[index] ? "" : initialTile(tools[index]!, left)}`,
    )
    .join("");
  return frame(
    [
      textLines(["Compare side by side"], {
        x: 80,
        y: 150,
        size: 28,
        lineHeight: 0,
        weight: 400,
        fill: "#c7d4ff",
      }),
      textLines(title, { x: 80, y: titleTop, size, lineHeight, weight: 700, fill: "#ffffff" }),
      textLines(places, {
        x: 80,
        y: placesTop,
        size: 26,
        lineHeight: 34,
        weight: 400,
        fill: "#dbe4ff",
      }),
      tiles,
    ].join(""),
  );
}
