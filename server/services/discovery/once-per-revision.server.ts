import type { CatalogueSnapshot } from "#server/snapshot/snapshot.server";

/** What a build needs of the snapshot keeper: the snapshot and its catalogue revision. */
export interface RevisionSource {
  readonly snapshot: CatalogueSnapshot;
  readonly catalogueRevision: number;
}

/** Ends a build whose catalogue revision moved on: nobody wants its answer any more. */
export function supersededBuild(): DOMException {
  return new DOMException("The catalogue changed during the build.", "AbortError");
}

const isSuperseded = (error: unknown) =>
  error instanceof DOMException && error.name === "AbortError";

/**
 * What `build` gives for the catalogue as it is: built once per catalogue revision (a change of
 * any tool), and once only when requests arrive together while it is being built.
 *
 * A build is told whether its revision is still the current one and stops at its next yield when
 * it is not: at 100,000 tools a sitemap build costs seconds of CPU and tens of MB, and an import or
 * an editing burst with crawlers asking would otherwise stack builds nobody will read. At most one
 * build runs at a time: the next waits for the superseded one to stop. Whoever waited for a
 * superseded build gets the current revision's instead.
 */
export function oncePerRevision<T>(
  source: RevisionSource,
  build: (snapshot: CatalogueSnapshot, isCurrent: () => boolean) => Promise<T>,
): () => Promise<T> {
  let built: { revision: number; value: Promise<T> } | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const get = (): Promise<T> => {
    const revision = source.catalogueRevision;
    if (built?.revision !== revision) {
      const isCurrent = () => source.catalogueRevision === revision;
      const value = running.then(() => {
        if (!isCurrent()) throw supersededBuild();
        return build(source.snapshot, isCurrent);
      });
      running = value.catch(() => undefined);
      const entry = { revision, value };
      built = entry;
      // A failed build (the database away) is tried again by the next request.
      value.catch(() => {
        if (built === entry) built = undefined;
      });
    }
    return built.value.catch((error: unknown) =>
      isSuperseded(error) ? get() : Promise.reject(error),
    );
  };
  return get;
}
