/** Both answers to the analytics question look the same: neither choice is pushed. */
export const equalChoice =
  "min-w-28 flex-1 rounded-lg border border-brand-700 bg-white px-4 py-2 text-sm font-medium text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50 sm:flex-none";
