/**
 * Efí's side of the webhook: it POSTs to the registered URL with `/pix` appended (so a URL
 * registered as `...?hmac=x&ignorar=` receives `...&ignorar=/pix`; `/rec` and `/cobr` for
 * Pix Automático's webhooks, as the API Pix callbacks name them), retries a failed
 * delivery a few times, and can be told to drop the next deliveries (a lost webhook).
 */
export interface Delivery {
  url: string;
  body: unknown;
  /** HTTP status, or null when the request failed or was dropped. */
  status: number | null;
  error: string | null;
  dropped: boolean;
  attempt: number;
  /** Made up by the control API (someone who knows the URL), not by the bank. */
  forged?: boolean;
  at: string;
}

const KEPT_DELIVERIES = 500;
const TIMEOUT_MS = 10_000;

export class WebhookSender {
  readonly deliveries: Delivery[] = [];
  private dropping = 0;
  private closed = false;

  constructor(
    /** Delays before each retry of a failed delivery. */
    private readonly retryDelaysMs: number[],
    private readonly log: (line: string) => void,
  ) {}

  dropNext(count: number): number {
    this.dropping += count;
    return this.dropping;
  }

  /** Sends a notification in the background (never blocks the API answer that caused it). */
  deliver(webhookUrl: string, body: unknown, suffix = "/pix"): void {
    const url = `${webhookUrl}${suffix}`;
    if (this.dropping > 0) {
      this.dropping -= 1;
      this.record({ url, body, status: null, error: null, dropped: true, attempt: 0 });
      this.log(`webhook dropped on purpose: ${url}`);
      return;
    }
    void this.attempt(url, body, 1);
  }

  /** One POST, answered or not; for the test notification at registration. */
  async post(url: string, body: unknown): Promise<{ status: number | null; error: string | null }> {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.arrayBuffer();
      return { status: response.status, error: null };
    } catch (error) {
      return { status: null, error: error instanceof Error ? error.message : String(error) };
    }
  }

  /**
   * A notification the bank never sent, POSTed once to the webhook as whoever learned its URL
   * would; answers the service's status.
   */
  async forge(
    webhookUrl: string,
    body: unknown,
    suffix = "/pix",
  ): Promise<{ status: number | null; error: string | null }> {
    const url = `${webhookUrl}${suffix}`;
    const result = await this.post(url, body);
    this.record({ url, body, ...result, dropped: false, attempt: 1, forged: true });
    return result;
  }

  private async attempt(url: string, body: unknown, attempt: number): Promise<void> {
    const result = await this.post(url, body);
    this.record({ url, body, ...result, dropped: false, attempt });
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    if (ok) return;
    this.log(`webhook delivery ${attempt} failed (${result.status ?? result.error}): ${url}`);
    const delay = this.retryDelaysMs[attempt - 1];
    if (delay === undefined || this.closed) return;
    await new Promise((resolve) => setTimeout(resolve, delay).unref());
    if (!this.closed) await this.attempt(url, body, attempt + 1);
  }

  private record(delivery: Omit<Delivery, "at">): void {
    this.deliveries.push({ ...delivery, at: new Date().toISOString() });
    if (this.deliveries.length > KEPT_DELIVERIES) this.deliveries.shift();
  }

  /** No more retries; deliveries under way end by themselves (their timers do not hold the process). */
  close(): void {
    this.closed = true;
  }
}
