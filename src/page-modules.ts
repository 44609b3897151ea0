import type { ComponentType } from 'react';

export type PageModule = Record<string, ComponentType | undefined>;

/**
 * Every page module's loader by its path (`./pages/Game.page.tsx`); the build's manifest names each
 * one's chunk and styles by the same path. The routes and whatever fetches a page ahead (a game
 * card warming the game page) both load pages through it, so no component imports a page.
 */
export const pageModules = import.meta.glob<PageModule>('./pages/**/*.page.tsx');
