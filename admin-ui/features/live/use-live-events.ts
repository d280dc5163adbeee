"use client";

import { useEffect, useRef, useState } from "react";

/** The topics a page may follow (server/src/live/live-hub.ts LIVE_TOPICS). */
export type LiveTopic = "charge" | "withdrawal" | "refund" | "dispute" | "recurrence";

/** A change the viewer may see: the outbox event's type and what it is about (ids only). */
export interface LiveChange {
  id: string | null;
  type: string;
  resourceId: string | null;
}

/** "open": the stream listens; "connecting": (re)connecting; "polling": no stream, refetching with backoff. */
export type LiveState = "connecting" | "open" | "polling";

/** The stream of the API (an API path: server/src/http/api-paths.ts), same origin: CSP connect-src 'self'. */
const LIVE_EVENTS_PATH = "/live/events";
/** Polling when the stream cannot connect: first wait, doubled up to the last. */
const POLL_FIRST_MS = 5_000;
const POLL_MAX_MS = 60_000;

/**
 * Follows the viewer's changes of the given topics through the API's server-sent events
 * (GET /live/events, the console session's cookie). `onChange` gets each change;
 * `onResync` is called when changes may have been missed (the stream came back after a
 * drop, the server lost its database listener, or each poll while the stream cannot connect:
 * the page refetches everything then). Answers the connection's state.
 */
export function useLiveEvents(
  topics: readonly LiveTopic[],
  onChange: (change: LiveChange) => void,
  onResync: () => void,
): LiveState {
  const [state, setState] = useState<LiveState>("connecting");
  const handlers = useRef({ onChange, onResync });
  handlers.current = { onChange, onResync };
  const key = [...topics].sort().join(",");

  useEffect(() => {
    let source: EventSource | null = null;
    let pollTimer: ReturnType<typeof setTimeout> | null = null;
    let pollDelay = POLL_FIRST_MS;
    // A drop or a poll happened since the page's data was fetched: refetch once the stream is back.
    let missed = false;
    let stopped = false;

    const stopPolling = () => {
      if (pollTimer) clearTimeout(pollTimer);
      pollTimer = null;
    };
    const poll = () => {
      if (stopped || pollTimer) return;
      setState("polling");
      pollTimer = setTimeout(() => {
        pollTimer = null;
        pollDelay = Math.min(pollDelay * 2, POLL_MAX_MS);
        handlers.current.onResync();
        missed = false;
        connect();
      }, pollDelay);
    };
    const connect = () => {
      if (stopped) return;
      if (typeof EventSource === "undefined") return poll();
      source?.close();
      const stream = new EventSource(`${LIVE_EVENTS_PATH}${key ? `?topics=${key}` : ""}`);
      source = stream;
      stream.addEventListener("ready", () => {
        stopPolling();
        pollDelay = POLL_FIRST_MS;
        setState("open");
        if (missed) handlers.current.onResync();
        missed = false;
      });
      stream.addEventListener("resync", () => handlers.current.onResync());
      stream.addEventListener("change", (event) => {
        try {
          const data = JSON.parse((event as MessageEvent<string>).data) as { type?: unknown; resourceId?: unknown };
          if (typeof data.type !== "string") return;
          handlers.current.onChange({
            id: (event as MessageEvent).lastEventId || null,
            type: data.type,
            resourceId: typeof data.resourceId === "string" ? data.resourceId : null,
          });
        } catch {
          // Not ours: ignored.
        }
      });
      stream.addEventListener("end", (event) => {
        stream.close();
        const reason = (() => {
          try {
            return (JSON.parse((event as MessageEvent<string>).data) as { reason?: string }).reason;
          } catch {
            return undefined;
          }
        })();
        // The session ended: one refetch lets the page send the reader to sign in.
        if (reason === "session") {
          stopped = true;
          handlers.current.onResync();
          return;
        }
        missed = true;
        poll();
      });
      stream.onerror = () => {
        missed = true;
        // CONNECTING: the browser tries again by itself. CLOSED: refused (401, 429, 503) or
        // no stream at all: poll with backoff, trying the stream again after each poll.
        if (stream.readyState === EventSource.CLOSED) {
          stream.close();
          poll();
        } else setState("connecting");
      };
    };

    connect();
    return () => {
      stopped = true;
      stopPolling();
      source?.close();
    };
  }, [key]);

  return state;
}
