/**
 * POST /api/rooms (open a room), POST /api/rooms/join (join one by its invite code) and
 * POST /api/rooms/quick (a seat in an open public room of a game, or a new one): each
 * answers a ticket, { code, invitePath, reservation }, whose seat reservation the page's Colyseus
 * client consumes within 15 s. A refusal is { message, reason } (reason: gone 404, locked and full
 * 409, kids 403, unavailable 503); a visitor past the wrong codes allowed gets 429.
 * POST /api/rooms/status ({ game, code }) answers whether the room is still there (./status.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DomainContext } from '../domains/context';
import { createRequestContext } from '../http/context';
import { logServerError, toHttpError } from '../http/errors';
import type { Services } from '../services';
import type { RoomRefusal } from '../../shared/rooms';
import { quickJoinRoom } from './quick-join';
import { joinRoom, openRoom, RoomRefused, type Rooms } from './service';
import { roomStatus } from './status';

const REFUSAL_STATUS: Record<RoomRefusal, number> = { gone: 404, locked: 409, full: 409, kids: 403, unavailable: 503 };

export function registerRoomRoutes(app: FastifyInstance, services: Services, rooms: Rooms): void {
  const answer = (operation: (ctx: DomainContext, rooms: Rooms, raw: unknown) => Promise<object>) => async (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('Cache-Control', 'no-store');
    try {
      const ctx = createRequestContext(services, request, reply);
      return await reply.code(200).send(await operation(ctx, rooms, request.body ?? {}));
    } catch (error) {
      if (error instanceof RoomRefused) return reply.code(REFUSAL_STATUS[error.reason]).send({ message: error.message, reason: error.reason });
      const { statusCode, message, retryAfterSeconds } = toHttpError(error);
      logServerError(request.log, error, statusCode, 'room request failed');
      if (retryAfterSeconds) void reply.header('Retry-After', String(retryAfterSeconds));
      return reply.code(statusCode).send(statusCode === 503 ? { message, reason: 'unavailable' } : { message });
    }
  };
  app.post('/api/rooms', answer(openRoom));
  app.post('/api/rooms/join', answer(joinRoom));
  app.post('/api/rooms/status', answer(roomStatus));
  app.post('/api/rooms/quick', answer(quickJoinRoom));
}
