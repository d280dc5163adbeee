/**
 * The server's layout rules (npm run check:house, part of npm run lint). The server is a
 * house of feature folders (server/src/<feature>/) over a small shared core
 * (server/src/core/); services.ts wires the features together, and http/, graphql/, app.ts
 * and the processes (main.ts, worker.ts) sit on top. The rules keep it that way.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "No module of server/src may depend on itself through others (type imports included): a circle means no part of it can be read, tested or changed alone.",
      from: { path: "^server/src/" },
      to: { circular: true },
    },
    {
      name: "core-stays-below-features",
      severity: "error",
      comment:
        "server/src/core/ is shared plumbing under every feature: it imports only core/ and libraries. A feature's entity is listed in server/src/entities.ts, not in core/.",
      from: { path: "^server/src/core/", pathNot: "\\.test\\.ts$" },
      to: { path: "^server/src/", pathNot: "^server/src/core/" },
    },
    {
      name: "features-below-the-wiring",
      severity: "error",
      comment:
        "The files that wire the service together (services.ts, operations.ts, schema.ts, database.ts, runtime.ts, app.ts and the processes) stand above every feature: a feature is handed what it needs, it does not import them. http/ and console/ serve the wired service and stand above it. graphql/context.ts types the resolvers' context with Services (a type), and graphql/operation-fields.ts hands them to the declared operations.",
      from: {
        path: "^server/src/[^/]+/",
        pathNot: [
          "^server/src/(http|console)/",
          "^server/src/graphql/context\\.ts$",
          "^server/src/graphql/operation-fields\\.ts$",
          "\\.test\\.ts$",
        ],
      },
      to: { path: "^server/src/(services|schema|operations|database|entities|runtime|app|main|worker|migrate|job-handlers|emit-schema|register-provider-webhook)\\.ts$" },
    },
    {
      name: "product-without-tests",
      severity: "error",
      comment: "The product never imports a test or the test harness (server/test/): they are not in its build.",
      from: { path: "^server/src/", pathNot: "\\.test\\.ts$" },
      to: { path: ["^server/test/", "\\.test\\.ts$"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "server/tsconfig.test.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
