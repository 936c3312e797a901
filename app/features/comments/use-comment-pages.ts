import { useCallback, useEffect, useRef, useState } from "react";
import { getToolComments } from "~/client/api/client";
import type { CommentPage } from "~/lib/api/contract";
import type { CommentSort } from "~/lib/comment-rules";
import { appendPage, type ShownComments } from "./shown-comments";

/** Live changes come in bursts (a rating and its comment): read the comments once after them. */
const REFRESH_DELAY_MS = 400;

const showFrom = (page: CommentPage): ShownComments => ({ ...page, pagesShown: 1 });

interface CommentPagesOptions {
  onFailure: (error: unknown, fallback: string) => void;
  focusAfterRender: (id: string) => void;
}

/**
 * The comments shown, from the server-rendered first page on: another sort, more pages, and a
 * fresh read of what is shown shortly after a change (`refreshSoon`), a newer read replacing an
 * older one still on its way.
 */
export function useCommentPages(
  toolId: string,
  initialPage: CommentPage,
  { onFailure, focusAfterRender }: CommentPagesOptions,
) {
  const [shown, setShown] = useState(() => showFrom(initialPage));
  const [isLoading, setIsLoading] = useState(false);
  const shownRef = useRef(shown);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reading = useRef<AbortController | null>(null);
  const renderedPage = useRef(initialPage);

  useEffect(() => {
    shownRef.current = shown;
  }, [shown]);

  /** Reads pages 1 to `pages` in `sort` order again; the answer replaces what is shown. */
  const readPages = useCallback(
    async (sort: CommentSort, pages: number): Promise<ShownComments | null> => {
      reading.current?.abort();
      const controller = new AbortController();
      reading.current = controller;
      let result: ShownComments | null = null;
      for (let page = 1; page <= pages; page++) {
        const answer = await getToolComments(toolId, { sort, page }, controller.signal);
        result = result ? appendPage(result, answer) : showFrom(answer);
        if (answer.threads.length < answer.pageSize) break;
      }
      return controller.signal.aborted ? null : result;
    },
    [toolId],
  );

  const refreshSoon = useCallback(() => {
    clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => {
      const { sort, pagesShown } = shownRef.current;
      readPages(sort, pagesShown).then(
        (fresh) => fresh && setShown(fresh),
        (error: unknown) => {
          if (!(error instanceof DOMException && error.name === "AbortError")) {
            console.warn("Reading the comments again failed", error);
          }
        },
      );
    }, REFRESH_DELAY_MS);
  }, [readPages]);

  useEffect(
    () => () => {
      clearTimeout(refreshTimer.current);
      reading.current?.abort();
    },
    [],
  );

  // The page's data was read again (the reader signed in or out): what each comment lets them do
  // changed, so read the comments shown again, in the reader's order.
  useEffect(() => {
    if (renderedPage.current === initialPage) return;
    renderedPage.current = initialPage;
    refreshSoon();
  }, [initialPage, refreshSoon]);

  async function onSortChange(sort: CommentSort) {
    setIsLoading(true);
    try {
      const fresh = await readPages(sort, 1);
      if (fresh) setShown(fresh);
    } catch (error) {
      onFailure(error, "The comments could not be loaded.");
    } finally {
      setIsLoading(false);
    }
  }

  async function onShowMore() {
    const { sort, pagesShown } = shown;
    setIsLoading(true);
    try {
      const next = await getToolComments(toolId, { sort, page: pagesShown + 1 });
      const firstNew = next.threads.find(
        (thread) => !shown.threads.some((known) => known.id === thread.id),
      );
      setShown((current) => appendPage(current, next));
      if (firstNew) focusAfterRender(`comment-${firstNew.id}`);
    } catch (error) {
      onFailure(error, "More comments could not be loaded.");
    } finally {
      setIsLoading(false);
    }
  }

  return { shown, shownRef, setShown, isLoading, refreshSoon, onSortChange, onShowMore };
}
