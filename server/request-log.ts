/**
 * Each request's log: one short line when it is answered (OneLineRequestLog), and a request
 * logger (Fastify's `request.log`) that becomes pino's child only when something logs through it.
 *
 * Fastify makes a pino child per request and the line went through pino's general path (level
 * check, bindings, serialisers, redaction) on every answer: together some 4 µs of a hot read's
 * ~40 µs. Most requests log nothing but that line, and its fields are fixed (method, path, status,
 * time), so on the JSON log it is written as the very text pino would write, straight to pino's
 * own buffered destination, a turn of the event loop's lines at a time (TurnBatch). The readable (pretty) log, a per-route log level or a logger of a
 * test's own still take pino's path.
 */
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions } from 'pino';
import { plainJsonStreams } from './logging';

const INFO = 30;

type PinoLogger = pino.Logger;
type Destination = { write(lines: string): unknown; flushSync?(): void };

/**
 * Request lines of one event-loop turn, handed to the destination in one write at its end: a
 * write per line cost some 2 µs each in sonic-boom's bookkeeping, a write per turn a tenth of it.
 * A line therefore waits at most for the turn to end (then LOG_FLUSH_MS, as every line); an
 * error logged in the same turn may come before it. Lines still waiting when the process exits
 * are written synchronously then.
 */
class TurnBatch {
  private pending = '';
  private scheduled = false;

  constructor(private readonly destination: Destination) {
    process.once('exit', () => {
      if (this.pending === '') return;
      this.flush();
      try {
        destination.flushSync?.();
      } catch {
        // The destination is closed or busy: pino's own exit handler writes what it holds.
      }
    });
  }

  add(line: string): void {
    this.pending += line;
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
  }

  private readonly flush = (): void => {
    this.scheduled = false;
    const lines = this.pending;
    this.pending = '';
    if (lines !== '') this.destination.write(lines);
  };
}

/** What a request line needs of the root logger: its destination (when lines may go to it directly) and its fixed fields. */
type DirectLine = { batch: TurnBatch; fixedFields: string };
const batches = new WeakMap<Destination, TurnBatch>();
const directLines = new WeakMap<object, DirectLine | null>();

function directLineOf(root: PinoLogger): DirectLine | null {
  let direct = directLines.get(root);
  if (direct === undefined) {
    const destination = (root as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as Destination | undefined;
    // `,"pid":…,"hostname":"…"`: the bindings pino writes after the time on every line.
    const fixedFields = (root as unknown as Record<symbol, unknown>)[pino.symbols.chindingsSym];
    if (destination && plainJsonStreams.has(destination) && typeof fixedFields === 'string') {
      let batch = batches.get(destination);
      if (!batch) batches.set(destination, (batch = new TurnBatch(destination)));
      direct = { batch, fixedFields };
    } else {
      direct = null;
    }
    directLines.set(root, direct);
  }
  return direct;
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
function call(log: PinoLogger, level: Level, args: unknown[]): void {
  (log[level] as (...args: unknown[]) => void).apply(log, args);
}

/** Fastify's `request.log`: pino's child with the request's id, made at the first call that needs it. */
export class RequestLogger {
  private made: PinoLogger | undefined;

  constructor(
    private readonly root: PinoLogger,
    private readonly bindings: Bindings,
  ) {}

  private get log(): PinoLogger {
    return (this.made ??= this.root.child(this.bindings));
  }

  get level(): string {
    return this.made?.level ?? this.root.level;
  }
  set level(level: string) {
    this.log.level = level;
  }
  isLevelEnabled(level: string): boolean {
    return this.log.isLevelEnabled(level);
  }

  // Methods on the prototype, not fields: a request's logger is made on every request.
  fatal(...args: unknown[]): void {
    call(this.log, 'fatal', args);
  }
  error(...args: unknown[]): void {
    call(this.log, 'error', args);
  }
  warn(...args: unknown[]): void {
    call(this.log, 'warn', args);
  }
  info(...args: unknown[]): void {
    call(this.log, 'info', args);
  }
  debug(...args: unknown[]): void {
    call(this.log, 'debug', args);
  }
  trace(...args: unknown[]): void {
    call(this.log, 'trace', args);
  }
  silent(): void {}
  child(bindings: Bindings, options?: ChildLoggerOptions): PinoLogger {
    return this.log.child(bindings, options);
  }

  /** The request's line, as `info(line, 'request')` writes it: straight to the destination when the log is plain JSON. */
  request(line: { method: string; path: string; status: number; ms: number }): void {
    const direct = this.made === undefined ? directLineOf(this.root) : null;
    if (direct === null) return void this.log.info(line, 'request');
    if (this.root.levelVal > INFO) return;
    direct.batch.add(
      `{"level":30,"time":${Date.now()}${direct.fixedFields},"reqId":${JSON.stringify(this.bindings.reqId)},"method":${JSON.stringify(line.method)},` +
        `"path":${JSON.stringify(line.path)},"status":${line.status},"ms":${line.ms},"msg":"request"}\n`,
    );
  }
}

/**
 * Fastify's childLoggerFactory: a RequestLogger, or pino's own child when the route sets a level
 * or serialisers of its own (the child must then exist from the start).
 */
export function requestLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new RequestLogger(logger as PinoLogger, bindings) as unknown as FastifyBaseLogger;
}

/** One line per answered request: method, path (not the query: it may hold what someone searched for), status, time. */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const url = request.url;
    const queryStart = url.indexOf('?');
    const line = {
      method: request.method,
      path: queryStart === -1 ? url : url.slice(0, queryStart),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if ((reply.log as unknown) instanceof RequestLogger) (reply.log as unknown as RequestLogger).request(line);
    else reply.log.info(line, 'request');
  }
}
