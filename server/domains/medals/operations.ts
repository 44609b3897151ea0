import {
  declaredMedalsOutput,
  declareMedalsInput,
  gameIdInput,
  gameMedalsOutput,
  myMedalsOutput,
  noInput,
  unlockMedalInput,
  unlockMedalOutput,
  v1DeclareMedalsInput,
  v1GameIdInput,
} from '../../../shared/schemas';
import { defineOperation, HOUR_MS, signedInAccount, type RateLimit } from '../operation';
import { Conflict, Forbidden, NotFound, Validation } from '../errors';
import { declaredGameMedals, declareGameMedals, gameMedals, myMedals, unlockMedal } from './service';

const declareLimit = { group: 'medals-declare', perIp: 120, perAccount: 60, windowMs: HOUR_MS, account: signedInAccount };

export const medalsOperations = {
  forGame: defineOperation({
    method: 'GET',
    path: '/games/{id}/medals',
    access: 'public',
    summary:
      "The game's medals in their declared order: name, description, icon, points, whether secret, and whether the signed-in caller has unlocked each (and when). A secret medal the caller has not unlocked shows only its points",
    tags: ['medals'],
    input: gameIdInput,
    output: gameMedalsOutput,
    errors: [NotFound],
    run: ({ ctx, input }) => gameMedals(ctx, input.id),
  }),
  unlock: defineOperation({
    method: 'POST',
    path: '/games/{id}/medals/{medal}',
    access: 'user',
    summary:
      'Unlock a medal of the game for the signed-in player (sent by the portal when the game calls PlayFree.unlockMedal): only inside their play session of the game; 201 when newly unlocked, 200 when they already had it',
    tags: ['medals'],
    input: unlockMedalInput,
    output: unlockMedalOutput,
    successStatus: (result) => (result.newlyUnlocked ? 201 : 200),
    rateLimit: { group: 'medal', perIp: 600, perAccount: 240, windowMs: HOUR_MS, account: signedInAccount },
    errors: [Forbidden, NotFound],
    run: ({ ctx, input }) => unlockMedal(ctx, input.id, input.medal),
  }),
  mine: defineOperation({
    method: 'GET',
    path: '/me/medals',
    access: 'user',
    summary: "The signed-in player's medals across games, newest first, with their total points",
    tags: ['medals'],
    input: noInput,
    output: myMedalsOutput,
    run: ({ ctx }) => myMedals(ctx),
  }),
  declared: defineOperation({
    method: 'GET',
    path: '/dev/games/{id}/medals',
    access: 'user',
    summary: "The medals declared for one of the signed-in developer's games, secret ones included (anyone else's game is a 404)",
    tags: ['medals'],
    input: gameIdInput,
    output: declaredMedalsOutput,
    errors: [NotFound],
    run: ({ ctx, input }) => declaredGameMedals(ctx, input.id),
  }),
  declare: defineOperation({
    method: 'PUT',
    path: '/dev/games/{id}/medals',
    access: 'user',
    summary:
      "Declare the medals of one of the signed-in developer's games: the whole list, in order (key, name, description, icon, points 1-100, secret). A medal keeps its key; one left out is removed, unless players have unlocked it (409)",
    tags: ['medals'],
    input: declareMedalsInput,
    output: declaredMedalsOutput,
    rateLimit: declareLimit,
    errors: [Validation, NotFound, Conflict],
    run: ({ ctx, input }) => declareGameMedals(ctx, input.id, input.medals),
  }),
};

const perKey = (group: string): RateLimit<never, 'apiKey'> => ({ group, perAccount: 1000, windowMs: HOUR_MS, account: ({ ctx }) => String(ctx.apiKeyId) });

/** The public API's medal calls (paths relative to /api/v1): a developer declares their game's medals from a script. */
export const v1MedalsOperations = {
  declared: defineOperation({
    method: 'GET',
    path: '/games/{id}/medals',
    access: 'apiKey',
    summary: "The medals declared for one of the key owner's games, secret ones included (anyone else's game is a 404)",
    tags: ['v1'],
    input: v1GameIdInput,
    output: declaredMedalsOutput,
    rateLimit: perKey('v1-medals'),
    errors: [NotFound],
    run: ({ ctx, input }) => declaredGameMedals(ctx, input.id),
  }),
  declare: defineOperation({
    method: 'PUT',
    path: '/games/{id}/medals',
    access: 'apiKey',
    summary:
      "Declare the medals of one of the key owner's games: the whole list, in order (key, name, description, icon, points 1-100, secret). A medal keeps its key; one left out is removed, unless players have unlocked it (409)",
    tags: ['v1'],
    input: v1DeclareMedalsInput,
    output: declaredMedalsOutput,
    rateLimit: perKey('v1-medals'),
    errors: [Validation, NotFound, Conflict],
    run: ({ ctx, input }) => declareGameMedals(ctx, input.id, input.medals),
  }),
};
