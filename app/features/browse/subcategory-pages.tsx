import { createContext, useContext } from "react";

const SubcategoryPages = createContext<ReadonlySet<string>>(new Set());

/**
 * The subcategories of the listing's category that have their own page, so that links keep a
 * subcategory page as it is (browseTarget).
 */
export const SubcategoryPagesProvider = SubcategoryPages.Provider;

export function useSubcategoryPages(): ReadonlySet<string> {
  return useContext(SubcategoryPages);
}
