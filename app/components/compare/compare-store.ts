import { useSyncExternalStore } from "react";
import { COMPARE_STORAGE_KEY, MAX_COMPARED_TOOLS, type ComparedTool } from "~/lib/compare";

// Issue 20: the compare tray's tools, kept in localStorage so they stay across pages and tabs.
// One list for the whole page; every toggle and the tray read it through useComparedTools.

type Listener = () => void;
const listeners = new Set<Listener>();
const NONE: readonly ComparedTool[] = [];
let cached: { text: string | null; tools: readonly ComparedTool[] } = { text: null, tools: NONE };

const isComparedTool = (value: unknown): value is ComparedTool =>
  typeof value === "object" &&
  value !== null &&
  ["id", "slug", "name"].every(
    (key) => typeof (value as Record<string, unknown>)[key] === "string",
  );

function readStored(): readonly ComparedTool[] {
  let text: string | null;
  try {
    text = window.localStorage.getItem(COMPARE_STORAGE_KEY);
  } catch {
    return cached.tools;
  }
  if (text === cached.text) return cached.tools;
  let tools: readonly ComparedTool[] = NONE;
  try {
    const parsed: unknown = text ? JSON.parse(text) : [];
    if (Array.isArray(parsed)) tools = parsed.filter(isComparedTool).slice(0, MAX_COMPARED_TOOLS);
  } catch {
    tools = NONE;
  }
  cached = { text, tools };
  return tools;
}

function write(tools: readonly ComparedTool[]): void {
  const text = JSON.stringify(tools);
  cached = { text, tools };
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

/** Adds the tool, unless the tray is full; false when it was not added. */
export function addComparedTool(tool: ComparedTool): boolean {
  const tools = readStored();
  if (tools.some((held) => held.id === tool.id)) return true;
  if (tools.length >= MAX_COMPARED_TOOLS) return false;
  write([...tools, { id: tool.id, slug: tool.slug, name: tool.name }]);
  return true;
}

export function removeComparedTool(id: string): void {
  write(readStored().filter((tool) => tool.id !== id));
}

export function clearComparedTools(): void {
  write(NONE);
}
