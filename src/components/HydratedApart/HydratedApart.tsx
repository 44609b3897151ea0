import { Suspense, type ReactNode } from 'react';

/**
 * A part of a server-rendered page that React takes over, and commits, on its own (a Suspense
 * boundary is hydrated apart from what surrounds it). A long page taken over in one commit is one
 * long task on a phone; in parts, the browser paints and answers taps between them, and a tap on a
 * part not yet taken over makes React take that part over first. Nothing inside waits for code
 * or data once the page has its own, so the fallback is never seen.
 */
export function HydratedApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
