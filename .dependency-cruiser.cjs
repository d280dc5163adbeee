/**
 * The server's layout rules (npm run check:house, part of npm run lint). The server is a
 * house of feature folders (server/src/<feature>/) over a small shared core
 * (server/src/core/); bank-events/ applies the bank's news to the money features from above
 * them; services.ts wires the features together, and http/, graphql/, app.ts
 * and the processes (main.ts, worker.ts) sit on top. Features meet at their faces (index.ts).
 * The rules keep it that way.
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
      name: "features-meet-at-their-faces",
      severity: "error",
      comment:
        "A feature imports another feature only through its face: index.ts, or the part of it split off where one face would close a circle (model.ts: entities, types, errors and plain rules that the features its services use import; fields.ts: what other features' GraphQL fields use, which reaches the request context and so every service). What a face does not export is the feature's own business. Tests (*.test.ts) may reach into any feature: they set up and read other features' rows to test their own, and the faces stay what the product uses. The wiring files, http/, graphql/ and console/ are not held to it: they assemble the features from their parts (every entity for TypeORM, every operations list and fields resolver, every service and job), and a face that re-exported the operations and fields would close circles, since they reach the request context, whose Services type holds every service.",
      from: {
        path: "^server/src/([^/]+)/",
        pathNot: ["^server/src/(core|http|graphql|console|migrations)/", "\\.test\\.ts$"],
      },
      to: {
        path: "^server/src/[^/]+/",
        pathNot: [
          "^server/src/$1/",
          "^server/src/(core|http|graphql|console|migrations)/",
          "^server/src/[^/]+/(index|model|fields)\\.ts$",
        ],
      },
    },
    {
      name: "bank-events-above-the-money-features",
      severity: "error",
      comment:
        "server/src/bank-events/ applies the bank's news (Efí's notifications read back, reconciliation, infractions, Pix Automático's rec and cobr, notifications held unconfirmed, the provider's status) to the money features (inbound-pix, withdrawals, disputes, recurrences), so it stands above them and above provider/, whose port and adapter it calls through their faces like any feature. Nothing below imports it: only the wiring, http/, graphql/ and console/ do, which assemble features from their parts, so it has no face (an index.ts nobody imports would be dead code). A feature that needs to hear of the bank's news is handed a service by the wiring, or reads its own rows.",
      from: {
        path: "^server/src/[^/]+/",
        pathNot: ["^server/src/(bank-events|http|graphql|console)/", "\\.test\\.ts$"],
      },
      to: { path: "^server/src/bank-events/" },
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
