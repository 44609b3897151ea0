import { z } from 'zod';
import { gameIdInput, noInput, okOutput, webhookCreatedOutput, webhookDeliveryOutput, webhookInput, webhookOutput } from '../../../shared/schemas';
import { defineOperation, HOUR_MS, signedInAccount } from '../operation';
import { Conflict, NotFound } from '../errors';
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks } from './service';

export const webhooksOperations = {
  create: defineOperation({
    method: 'POST',
    path: '/dev/webhooks',
    access: 'user',
    summary:
      'Register a webhook for events of your games (game.approved, game.rejected, rating.created, report.created); answers its signing secret, shown only this once',
    tags: ['developer'],
    input: webhookInput,
    output: webhookCreatedOutput,
    successStatus: 201,
    rateLimit: { group: 'webhooks', perIp: 30, perAccount: 20, windowMs: HOUR_MS, account: signedInAccount },
    errors: [Conflict],
    run: ({ ctx, input }) => createWebhook(ctx, input),
  }),
  list: defineOperation({
    method: 'GET',
    path: '/dev/webhooks',
    access: 'user',
    summary: 'Your webhooks (without their secrets)',
    tags: ['developer'],
    input: noInput,
    output: z.array(webhookOutput),
    run: ({ ctx }) => listWebhooks(ctx),
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/dev/webhooks/{id}',
    access: 'user',
    summary: 'Delete one of your webhooks and its pending deliveries',
    tags: ['developer'],
    input: gameIdInput,
    output: okOutput,
    errors: [NotFound],
    run: ({ ctx, input }) => deleteWebhook(ctx, input.id),
  }),
  deliveries: defineOperation({
    method: 'GET',
    path: '/dev/webhooks/{id}/deliveries',
    access: 'user',
    summary: "A webhook's latest 50 deliveries, newest first: status, attempts, the receiver's response code and the next retry",
    tags: ['developer'],
    input: gameIdInput,
    output: z.array(webhookDeliveryOutput),
    errors: [NotFound],
    run: ({ ctx, input }) => listDeliveries(ctx, input.id),
  }),
};
