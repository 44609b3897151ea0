/** The root router: one router per domain. The web app imports only `type AppRouter`. */
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { adminRouter } from '../domains/admin/router';
import { authRouter } from '../domains/auth/router';
import { categoriesRouter } from '../domains/categories/router';
import { developerRouter } from '../domains/developer/router';
import { favoritesRouter } from '../domains/favorites/router';
import { gamesRouter, homeRouter } from '../domains/games/router';
import { kidsRouter } from '../domains/kids/router';
import { ratingsRouter } from '../domains/ratings/router';
import { reportsRouter } from '../domains/reports/router';
import { scoresRouter } from '../domains/scores/router';
import { createCallerFactory, router } from './init';

export const appRouter = router({
  auth: authRouter,
  home: homeRouter,
  categories: categoriesRouter,
  games: gamesRouter,
  ratings: ratingsRouter,
  favorites: favoritesRouter,
  reports: reportsRouter,
  developer: developerRouter,
  admin: adminRouter,
  kids: kidsRouter,
  scores: scoresRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export const createCaller = createCallerFactory(appRouter);
