"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

/** Polling when the stream cannot connect: first wait, doubled up to the last. */
const POLL_FIRST_MS = 5_000;
const POLL_MAX_MS = 60_000;

/**
 * Keeps a payer's page true while it waits for the payment: the API's stream of this one
 * charge (GET /live/pay/<token>, same origin) says when it changed, and the page refetches
 * (router.refresh(): the server renders it again with the charge as it is now). The stream
 * ends ("final") once the charge is paid, expired or cancelled. When the stream cannot
 * connect, the page refetches after 5 s, 10, 20, … up to 60 s, trying the stream again
 * after each. Answers a ref whose `data-state` tells tests (and nothing else) how it listens.
 */
export function usePayerLive(token: string, waiting: boolean): React.RefObject<HTMLDivElement | null> {
  const router = useRouter();
  const marker = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!waiting) return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let delay = POLL_FIRST_MS;
    let stopped = false;
    const mark = (state: string) => marker.current?.setAttribute("data-state", state);
    const refresh = () => router.refresh();
    const poll = () => {
      if (stopped || timer) return;
      mark("polling");
      timer = setTimeout(() => {
        timer = null;
        delay = Math.min(delay * 2, POLL_MAX_MS);
        refresh();
        connect();
      }, delay);
    };
    const connect = () => {
      if (stopped) return;
      if (typeof EventSource === "undefined") return poll();
      source?.close();
      const stream = new EventSource(`/live/pay/${encodeURIComponent(token)}`);
      source = stream;
      let missed = false;
      stream.addEventListener("ready", () => {
        delay = POLL_FIRST_MS;
        mark("open");
        // A payment made while the stream was away: the page learns it now.
        if (missed) refresh();
        missed = false;
      });
      stream.addEventListener("resync", refresh);
      stream.addEventListener("change", refresh);
      stream.addEventListener("end", (event) => {
        stream.close();
        const reason = (() => {
          try {
            return (JSON.parse((event as MessageEvent<string>).data) as { reason?: string }).reason;
          } catch {
            return undefined;
          }
        })();
        if (reason !== "final") {
          // The server is stopping or found this tab slow: listen again after a while.
          missed = true;
          return poll();
        }
        stopped = true;
        mark("ended");
        refresh();
      });
      stream.onerror = () => {
        missed = true;
        if (stream.readyState === EventSource.CLOSED) {
          stream.close();
          poll();
        } else mark("connecting");
      };
    };
    connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [token, waiting, router]);
  return marker;
}
