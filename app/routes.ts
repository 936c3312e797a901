import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("ai-tools", "routes/browse.tsx"),
  route("ai-tools/:category", "routes/category.tsx"),
  route("ai-tools/:category/:second", "routes/category-second.tsx"),
  route("ai-tools/:category/:subCategory/:toolName", "routes/tool.tsx"),
  route("tool/*", "routes/tool-alias.tsx"),
  route("newsletter", "routes/newsletter.tsx"),
  route("newsletter-welcome", "routes/newsletter-welcome.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  route("disclaimer", "routes/disclaimer.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
