import { z } from 'zod';
import { LIMITS } from '../../../shared/constants';
import {
  developerGameUpdateInput,
  developerProfileOutput,
  developerSubmissionInput,
  devGameOutput,
  legacySubmissionInput,
  noInput,
  reviewStatsOutput,
  submissionOutput,
  tagOutput,
} from '../../../shared/schemas';
import { defineOperation, HOUR_MS, signedInAccount } from '../operation';
import { Conflict, NotFound, Validation } from '../errors';
import { submitDeveloperGame, submitLegacy } from './service';
import { developerProfile, listMyGames, listTags, updateMyGame } from './my-games';
import { reviewStats } from './review';

/** A submission carries a whole game's details: a description and instructions of 2,000 characters each, URLs, tags. */
const SUBMISSION_BODY_BYTES = LIMITS.largeBodyBytes;

/** Both submission forms share one budget per IP and per account. */
const submitLimit = {
  group: 'submit',
  perIp: 20,
  perAccount: 10,
  windowMs: HOUR_MS,
  account: signedInAccount,
};

export const developerOperations = {
  submitLegacy: defineOperation({
    method: 'POST',
    path: '/games/submit',
    access: 'user',
    summary: 'Submit a game for review (legacy form); it stays PENDING until an admin approves it',
    tags: ['developer'],
    input: legacySubmissionInput,
    output: submissionOutput,
    successStatus: 201,
    maxBodyBytes: SUBMISSION_BODY_BYTES,
    rateLimit: submitLimit,
    errors: [Validation, Conflict],
    run: ({ ctx, input }) => submitLegacy(ctx, input),
  }),
  submit: defineOperation({
    method: 'POST',
    path: '/dev/games',
    access: 'user',
    summary: 'Submit a game for review from the developer portal',
    tags: ['developer'],
    input: developerSubmissionInput,
    output: submissionOutput,
    successStatus: 201,
    maxBodyBytes: SUBMISSION_BODY_BYTES,
    rateLimit: submitLimit,
    errors: [Validation, Conflict],
    run: ({ ctx, input }) => submitDeveloperGame(ctx, input),
  }),
  myGames: defineOperation({
    method: 'GET',
    path: '/dev/games',
    access: 'user',
    summary: "The caller's submitted games with their review status",
    tags: ['developer'],
    input: noInput,
    output: z.array(devGameOutput),
    run: ({ ctx }) => listMyGames(ctx),
  }),
  updateGame: defineOperation({
    method: 'PUT',
    path: '/dev/games/{id}',
    access: 'user',
    summary: 'Edit one of your games while it waits for review (409 once it is approved or rejected); fields left out stay as they are',
    tags: ['developer'],
    input: developerGameUpdateInput,
    output: devGameOutput,
    maxBodyBytes: SUBMISSION_BODY_BYTES,
    rateLimit: { group: 'dev-game-edit', perIp: 60, perAccount: 30, windowMs: HOUR_MS, account: signedInAccount },
    errors: [Validation, NotFound, Conflict],
    run: ({ ctx, input }) => updateMyGame(ctx, input),
  }),
  profile: defineOperation({
    method: 'GET',
    path: '/dev/profile',
    access: 'user',
    summary: 'Your developer profile: the studio name your next submission starts from',
    tags: ['developer'],
    input: noInput,
    output: developerProfileOutput,
    run: ({ ctx }) => developerProfile(ctx),
  }),
  tags: defineOperation({
    method: 'GET',
    path: '/dev/tags',
    access: 'user',
    summary: 'The tags games already use, for the submission form',
    tags: ['developer'],
    input: noInput,
    output: z.array(tagOutput),
    run: ({ ctx }) => listTags(ctx),
  }),
  reviewStats: defineOperation({
    method: 'GET',
    path: '/review-stats',
    access: 'public',
    summary: 'The review queue: how many games wait for review, and the median time from submission to decision over the last 30 days',
    tags: ['developer'],
    input: noInput,
    output: reviewStatsOutput,
    run: ({ ctx }) => reviewStats(ctx),
  }),
};
