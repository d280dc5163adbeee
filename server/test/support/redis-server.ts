import { spawn, spawnSync } from "node:child_process";
import Redis from "ioredis";

/** True when `redis-server` can be started here (tests that need it are skipped otherwise). */
export const redisServerInstalled = spawnSync("redis-server", ["--version"]).status === 0;

export interface TestRedis {
  url: string;
  stop(): void;
}

/** A Redis of the test's own on a random port, without persistence; resolves once it answers. */
export async function startTestRedis(): Promise<TestRedis> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const server = spawn("redis-server", ["--port", String(port), "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  const url = `redis://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on("error", () => undefined);
    try {
      await probe.connect();
      await probe.quit();
      break;
    } catch (error) {
      probe.disconnect();
      if (attempt === 50) {
        server.kill();
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { url, stop: () => server.kill() };
}
