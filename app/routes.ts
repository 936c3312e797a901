import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

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
  route("verify-email", "routes/verify-email.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("auth/popup-complete", "routes/auth-popup-complete.tsx"),
  route("account", "routes/account.tsx"),
  layout("routes/admin/layout.tsx", [
    route("admin/tools", "routes/admin/tools.tsx"),
    route("admin/tools/import", "routes/admin/import.tsx"),
    route("admin/tools/manual", "routes/admin/manual-add.tsx"),
    route("admin/tools/manual/:id", "routes/admin/manual-edit.tsx"),
    route("admin/tools/ai", "routes/admin/ai-add.tsx"),
    route("admin/migrate-comments", "routes/admin/migrate-comments.tsx"),
  ]),
  route("dev/mailbox", "routes/dev-mailbox.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
