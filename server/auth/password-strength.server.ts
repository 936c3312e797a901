import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as commonPackage from "@zxcvbn-ts/language-common";
import * as englishPackage from "@zxcvbn-ts/language-en";

// The server refuses passwords that are common or easy to guess (zxcvbn-ts with its
// lists of common passwords, English words and names, all installed from the registry).

/** zxcvbn's scores run 0 to 4; 3 means "safely unguessable" for an online attack. */
const MIN_SCORE = 3;

export const WEAK_PASSWORD =
  "This password is too easy to guess. Choose a longer or less predictable one.";

let estimator: ZxcvbnFactory | null = null;

/** Built on first use: the dictionaries take a moment to load and most requests never need them. */
function strengthEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonPackage.dictionary, ...englishPackage.dictionary },
    graphs: commonPackage.adjacencyGraphs,
    translations: englishPackage.translations,
  });
  return estimator;
}

/**
 * Why `password` is too weak, or null when it is strong enough. `personal` holds what the account
 * says about its owner (email, name): a password made of them is weak too.
 */
export function findPasswordWeakness(
  password: string,
  personal: readonly (string | null | undefined)[] = [],
): string | null {
  const inputs = personal.flatMap((value) => {
    const text = value?.trim().toLowerCase();
    if (!text) return [];
    // The whole value, and the words of a name or of an address's local part.
    return [
      text,
      ...text
        .split("@")[0]!
        .split(/[\s.+_-]+/)
        .filter((word) => word.length > 2),
    ];
  });
  const result = strengthEstimator().check(password, inputs);
  if (result.score >= MIN_SCORE) return null;
  const warning = result.feedback.warning;
  return warning ? `${warning} Choose a longer or less predictable password.` : WEAK_PASSWORD;
}
