import { z } from 'zod';
import { LIMITS } from '../../../shared/constants';
import { developerSubmissionInput, devGameOutput, legacySubmissionInput, noInput, submissionOutput } from '../../../shared/schemas';
import { defineOperation, HOUR_MS, signedInAccount } from '../operation';
import { listMyGames, submitDeveloperGame, submitLegacy } from './service';

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
};
