// The server's layers, top to bottom (docs/architecture.md, "Layers"). A file may import from its
// own layer and the layers below it, never from one above; `server/` imports of `app/` reach only
// `app/lib`, the code both halves share, which imports neither half. Each entry lists the layer's
// folders and files.
export const SERVER_LAYERS = [
  {
    name: "entry",
    paths: ["server/main.ts", "server/start.ts", "server/http.server.ts"],
  },
  { name: "routes", paths: ["server/routes"] },
  { name: "http", paths: ["server/http", "server/render-cache"] },
  { name: "boot", paths: ["server/boot.server.ts", "server/services.server.ts"] },
  { name: "services", paths: ["server/services", "server/seed"] },
  { name: "catalogue and accounts", paths: ["server/snapshot", "server/auth"] },
  {
    name: "infrastructure",
    paths: ["server/live", "server/mail", "server/media", "server/rate-limit"],
  },
  { name: "database", paths: ["server/db"] },
  { name: "core", paths: ["server/core", "server/net", "server/search"] },
];

/** The app folders the server must never import: everything but app/lib. */
const APP_OUTSIDE_LIB = [
  "app/client",
  "app/components",
  "app/features",
  "app/routes",
  "app/root.tsx",
  "app/routes.ts",
  "app/entry.server.tsx",
  "app/load-context.ts",
];

const relative = (path) => `./${path}`;

/** import-x/no-restricted-paths zones: each layer may not import from any layer above it. */
export function layerZones() {
  const zones = SERVER_LAYERS.flatMap((layer, index) => {
    const above = SERVER_LAYERS.slice(0, index).flatMap((upper) => upper.paths);
    if (above.length === 0) return [];
    return layer.paths.map((path) => ({
      target: relative(path),
      from: above.map(relative),
      message: `The ${layer.name} layer may not import from a layer above it (see docs/architecture.md, "Layers").`,
    }));
  });
  zones.push(
    {
      target: "./server",
      from: APP_OUTSIDE_LIB.map(relative),
      message: "Server code imports from app/ only what app/lib shares.",
    },
    {
      target: "./app/features",
      from: ["./app/routes"],
      message: "Features are composed by routes, never the other way round.",
    },
    {
      target: "./app/components",
      from: ["./app/features", "./app/routes", "./app/root.tsx"],
      message: "Shared components import no feature and no route.",
    },
    {
      target: "./app/client",
      // root.tsx stays allowed: useViewer reads the type of the root's loader data.
      from: ["./app/components", "./app/features", "./app/routes"],
      message: "The browser's client code imports no UI.",
    },
    {
      target: "./app/lib",
      from: [...APP_OUTSIDE_LIB.map(relative), "./server"],
      message:
        "app/lib is shared by the server and the browser: it imports neither the browser's code nor the server's.",
    },
  );
  return zones;
}
