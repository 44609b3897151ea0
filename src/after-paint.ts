/**
 * The app's script and module-preload tags wait in an inert `<template data-load-after-paint>`
 * until the page has painted; public/boot.js then makes them real tags (vite.config.ts says why).
 * The build wraps the app's own tags with it, the server those of the page rendered.
 */
export function loadedAfterPaint(tags: string): string {
  return tags ? `<template data-load-after-paint>${tags}</template>` : '';
}
