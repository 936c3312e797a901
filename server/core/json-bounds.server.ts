/**
 * How far a JSON reader lets a text go before it parses it. JSON.parse is linear, but what is done
 * with the result is not always, and a text a few levels past what a format needs is not that
 * format: depth and the number of values are counted first, in one pass that parses nothing.
 */
export interface JsonBounds {
  maxDepth: number;
  /** Values of any kind, containers included. */
  maxValues: number;
}

/** How the text goes past its bounds ("is nested deeper than 8 levels"), or null when it does not. */
export function jsonBoundsProblem(text: string, bounds: JsonBounds): string | null {
  let depth = 0;
  // One value to start; each comma outside a string adds one, and so does each container.
  let values = 1;
  let isInString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (isInString) {
      if (char === 0x5c) i++;
      else if (char === 0x22) isInString = false;
    } else if (char === 0x22) {
      isInString = true;
    } else if (char === 0x7b || char === 0x5b) {
      if (++depth > bounds.maxDepth) {
        return `is nested deeper than ${bounds.maxDepth.toLocaleString("en-US")} levels`;
      }
      if (++values > bounds.maxValues) return tooManyValues(bounds);
    } else if (char === 0x7d || char === 0x5d) {
      depth--;
    } else if (char === 0x2c && ++values > bounds.maxValues) {
      return tooManyValues(bounds);
    }
  }
  return null;
}

function tooManyValues(bounds: JsonBounds): string {
  return `has more than ${bounds.maxValues.toLocaleString("en-US")} values`;
}
