"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

/**
 * Scalar's reference of GET /openapi.json (bundled, no CDN: default fonts, telemetry and the
 * hosted proxy are off, so "try it" calls this same origin). The client secret the person
 * pasted is the bearer token of its requests; it lives only in this page's memory.
 */
export default function RestReference({ clientSecret }: { clientSecret: string }) {
  return (
    <ApiReferenceReact
      configuration={{
        url: "/openapi.json",
        withDefaultFonts: false,
        telemetry: false,
        persistAuth: false,
        hideDarkModeToggle: true,
        forceDarkModeState: "light",
        showDeveloperTools: "never",
        hideClientButton: false,
        // Scalar's hosted AI agent would send the document to its cloud: off.
        agent: { disabled: true },
        authentication: {
          preferredSecurityScheme: "bearer",
          securitySchemes: { bearer: { token: clientSecret } },
        },
      }}
    />
  );
}
