import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

/**
 * The console is served by the API's own process (server/src/console/next-console.ts), on the
 * API's port: nothing here may reach the network at build or run time.
 */
const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // The API owns these paths; Next never answers them (the server hands it only the rest).
  skipTrailingSlashRedirect: true,
  // Type checking is its own CI step (npm run typecheck -w admin-ui); `next build` still runs it.
  typescript: { tsconfigPath: "tsconfig.json" },
  images: { unoptimized: true },
};

// next-intl: each render's language and catalogue come from i18n/request.ts. The catalogues'
// ICU messages are compiled at build time (the JSON files are read through next-intl's loader),
// so the browser formats them without downloading the ICU parser (about 10 kB on every page).
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./i18n/request.ts",
  experimental: {
    messages: { path: "./messages", format: "json", locales: ["pt-BR", "en"], sourceLocale: "pt-BR", precompile: true },
  },
});

export default withNextIntl(nextConfig);
