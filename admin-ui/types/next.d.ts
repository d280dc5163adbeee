// Next's ambient types (CSS and image imports, process.env), committed so `tsc --noEmit` works
// on a fresh clone before any `next build` has written next-env.d.ts (which is not committed).
/// <reference types="next" />
/// <reference types="next/image-types/global" />
