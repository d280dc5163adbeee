import { ensureConsoleBuild } from "./console-build";

/** `npm run build`: builds the console (next build) after the server, and stamps it for reuse. */
ensureConsoleBuild({ force: process.argv.includes("--force") })
  .then((outcome) => {
    if (outcome === "reused") process.stdout.write("console: build is up to date (admin-ui unchanged)\n");
  })
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
