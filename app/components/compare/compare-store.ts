import { useSyncExternalStore } from "react";
import { COMPARE_STORAGE_KEY, MAX_COMPARED_TOOLS, type ComparedTool } from "~/lib/compare";

// The compare tray's tools, kept in localStorage so they stay across pages and tabs.
// One list for the whole page; every toggle and the tray read it through useComparedTools.

type Listener = () => void;
const listeners = new Set<Listener>();
const NONE: readonly ComparedTool[] = [];
let cached: { text: string | null; tools: readonly ComparedTool[] } = { text: null, tools: NONE };
/** What the last change made in this page was, for the tray's live status. */
let announcement = "";

const isComparedTool = (value: unknown): value is ComparedTool =>
  typeof value === "object" &&
  value !== null &&
  ["id", "slug", "name"].every((key) => {
    const field = (value as Record<string, unknown>)[key];
    return typeof field === "string" && field !== "";
  });

/**
 * The stored list as the tray may show it: anything else in storage (edited by hand, written by
 * an older version) gives the valid tools it holds, each once, at most four.
 */
export function parseComparedTools(text: string | null): readonly ComparedTool[] {
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : [];
  } catch {
    return NONE;
  }
  if (!Array.isArray(parsed)) return NONE;
  const tools: ComparedTool[] = [];
  for (const item of parsed) {
    if (tools.length === MAX_COMPARED_TOOLS) break;
    if (!isComparedTool(item) || tools.some((held) => held.id === item.id)) continue;
    tools.push({ id: item.id, slug: item.slug, name: item.name });
  }
  return tools.length === 0 ? NONE : tools;
}

function readStored(): readonly ComparedTool[] {
  let text: string | null;
  try {
    text = window.localStorage.getItem(COMPARE_STORAGE_KEY);
  } catch {
    return cached.tools;
  }
  if (text !== cached.text) cached = { text, tools: parseComparedTools(text) };
  return cached.tools;
}

function write(tools: readonly ComparedTool[], change: string): void {
  const text = JSON.stringify(tools);
  cached = { text, tools };
  announcement = change;
  try {
    window.localStorage.setItem(COMPARE_STORAGE_KEY, text);
  } catch {
    // Storage full or refused: the tray still works on this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === COMPARE_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The tools in the tray, in the order they were added; none in the server render. */
export function useComparedTools(): readonly ComparedTool[] {
  return useSyncExternalStore(subscribe, readStored, () => NONE);
}

/** "Jasper added to comparison, 2 of 4": the last change made in this page, empty before one. */
export function useCompareAnnouncement(): string {
  return useSyncExternalStore(
    subscribe,
    () => announcement,
    () => "",
  );
}

const countOf = (tools: readonly ComparedTool[]) => `${tools.length} of ${MAX_COMPARED_TOOLS}`;

/** Adds the tool, unless the tray is full; false when it was not added. */
export function addComparedTool(tool: ComparedTool): boolean {
  const tools = readStored();
  if (tools.some((held) => held.id === tool.id)) return true;
  if (tools.length >= MAX_COMPARED_TOOLS) return false;
  const next = [...tools, { id: tool.id, slug: tool.slug, name: tool.name }];
  write(next, `${tool.name} added to comparison, ${countOf(next)}`);
  return true;
}

export function removeComparedTool(id: string): void {
  const tools = readStored();
  const removed = tools.find((tool) => tool.id === id);
  if (!removed) return;
  const next = tools.filter((tool) => tool !== removed);
  write(next, `${removed.name} removed from comparison, ${countOf(next)}`);
}

export function clearComparedTools(): void {
  write(NONE, "Comparison cleared");
}
