import Fastify, { type FastifyBaseLogger, LogController } from "fastify";
import type { Services } from "../services";
import { type HealthOptions, registerHealthRoutes } from "./health";
import { registerMetricsRoute } from "./metrics-route";

export interface InternalServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The internal port (INTERNAL_PORT): /healthz, /readyz and /metrics without a token, for
 * probes and Prometheus on the private network, in API processes and workers alike. It
 * stays open while the process drains, so /readyz can say "shutting down"; it closes last.
 */
export async function startInternalServer(
  services: Services,
  options: HealthOptions & { port: number; host: string },
): Promise<InternalServer> {
  const app = Fastify({
    loggerInstance: services.logger.pino as unknown as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    forceCloseConnections: true,
  });
  registerHealthRoutes(app, services, options);
  registerMetricsRoute(app, services, true);
  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address();
  return {
    port: typeof address === "object" && address ? address.port : options.port,
    close: () => app.close(),
  };
}
