// The page frame every dashboard page shares: head (one CSS file, one deferred JS file, nothing
// else), the navigation for the user's role, the signed-in user and the Sign out form.
import type { UserRecord } from "../store/types.ts";
import { ASSET_VERSION } from "./assets.ts";
import { html, plainText, type SafeHtml } from "./html.ts";

export interface Frame {
  title: string;
  /** The nav entry to mark current. */
  nav?: string;
  user?: UserRecord;
  csrf?: string;
  body: SafeHtml;
}

const NAV: { id: string; label: string; href: string; admin?: boolean }[] = [
  { id: "keys", label: "API keys", href: "/dashboard/keys" },
  { id: "usage", label: "Usage", href: "/dashboard/usage" },
  { id: "alerts", label: "Alerts", href: "/dashboard/alerts" },
  { id: "reports", label: "Reports", href: "/dashboard/reports" },
  { id: "connectors", label: "Connectors", href: "/dashboard/connectors" },
  { id: "playground", label: "Playground", href: "/dashboard/playground" },
  { id: "accounts", label: "Accounts", href: "/dashboard/accounts", admin: true },
  { id: "users", label: "Users", href: "/dashboard/users", admin: true },
  { id: "audit", label: "Audit log", href: "/dashboard/audit", admin: true },
];

export function frame(f: Frame): string {
  const user = f.user;
  const nav = user
    ? NAV.filter((n) => (!n.admin || user.role === "admin")).map(
        (n) => html`<a href="${n.href}"${n.id === f.nav ? html` aria-current="page"` : ""}>${n.label}</a>`,
      )
    : [];
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${plainText(f.title)} · Assay</title>
<link rel="stylesheet" href="/dashboard/assets/dashboard.css?v=${ASSET_VERSION}">
<link rel="icon" href="data:,">
<script src="/dashboard/assets/dashboard.js?v=${ASSET_VERSION}" defer></script>
</head>
<body>
<header class="top">
  <a class="brand" href="/dashboard">Assay</a>
  ${user ? html`<nav aria-label="Main">${nav}</nav>` : ""}
  ${
    user
      ? html`<form class="signout" method="post" action="/dashboard/logout">
    <span class="who">${user.email} <span class="role">${user.role}</span></span>
    <input type="hidden" name="_csrf" value="${f.csrf}">
    <button type="submit" class="link">Sign out</button>
  </form>`
      : ""
  }
</header>
<main>
${f.body}
</main>
</body>
</html>`.value;
}
