/**
 * Delivers queued webhook events (webhook_deliveries) from inside the portal process: a JSON POST
 * signed with the webhook's secret, retried with exponential backoff until it is answered 2xx or
 * MAX_ATTEMPTS have failed. Rows are claimed with a short lease (next_attempt_at moved ahead, under
 * FOR UPDATE SKIP LOCKED), so several portal processes never send one delivery at the same time.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { claimDueDeliveries, deleteFinishedDeliveries, findWebhookTargets, recordAttempt } from './queries';
import { signatureOf } from './signature';

/** The wait after the 1st, 2nd, … failed attempt; after the last one the delivery is FAILED. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 12 * 60 * 60_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** How long to wait after `failedAttempts` failures, or null to give up. */
export function retryDelayMs(failedAttempts: number): number | null {
  return failedAttempts >= MAX_ATTEMPTS ? null : (RETRY_DELAYS_MS[failedAttempts - 1] ?? null);
}

export type WebhookWorkerOptions = {
  /** How often due retries are looked for; new events are sent at once (`kick`). */
  pollMs?: number;
  /** A receiver gets this long to answer. */
  timeoutMs?: number;
  batchSize?: number;
  fetch?: typeof fetch;
  log?: (message: string) => void;
};

/** Finished deliveries are kept this long for the log, then pruned (at most once an hour). */
export const DELIVERY_LOG_DAYS = 30;
const PRUNE_EVERY_MS = 60 * 60_000;

/** A claim outlives the longest attempt, so a crashed worker's rows are retried by the next one. */
const CLAIM_SECONDS = 120;
const ERROR_MAX = 500;

export class WebhookWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private started = false;
  private prunedAt = 0;
  /** Aborted by stop(): a shutdown does not wait out a slow receiver (the attempt is retried later). */
  private stopping = new AbortController();
  private readonly pollMs: number;
  private readonly timeoutMs: number;
  private readonly batchSize: number;
  private readonly send: typeof fetch;
  private readonly log: (message: string) => void;

  constructor(
    private readonly orm: MikroORM,
    options: WebhookWorkerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 15_000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.batchSize = options.batchSize ?? 10;
    this.send = options.fetch ?? fetch;
    this.log = options.log ?? ((message) => console.warn(message));
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopping = new AbortController();
    this.schedule(0);
  }

  /** Work the queue now (a change just queued events); a no-op unless started. */
  kick(): void {
    if (!this.started) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Stops polling, cuts the attempts in flight short and waits until they are recorded. */
  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.stopping.abort();
    await this.running;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    // The worker never keeps a process alive on its own.
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (!this.started || this.running) return;
    this.running = (async () => {
      do {
        this.again = false;
        try {
          // A full batch means more may be due.
          while (this.started && (await this.runOnce()) === this.batchSize);
          if (this.started && Date.now() - this.prunedAt >= PRUNE_EVERY_MS) {
            this.prunedAt = Date.now();
            await this.prune();
          }
        } catch (error) {
          this.log(`webhook deliveries: ${error instanceof Error ? error.message : String(error)}`);
        }
      } while (this.again && this.started);
    })();
    await this.running;
    this.running = undefined;
    if (this.started) this.schedule(this.pollMs);
  }

  /** Deletes delivered and failed deliveries older than DELIVERY_LOG_DAYS; answers how many. */
  prune(): Promise<number> {
    return deleteFinishedDeliveries(this.orm.em.fork(), DELIVERY_LOG_DAYS);
  }

  /** Claims the due deliveries (at most one batch) and attempts each; answers how many were attempted. */
  async runOnce(): Promise<number> {
    const em = this.orm.em.fork();
    const claimed = await claimDueDeliveries(em, this.batchSize, CLAIM_SECONDS);
    if (claimed.length === 0) return 0;
    const webhooks = await findWebhookTargets(em, [...new Set(claimed.map((row) => row.webhook_id))]);
    const byId = new Map(webhooks.map((webhook) => [webhook.id, webhook]));
    await Promise.all(
      claimed.map(async (row) => {
        const webhook = byId.get(row.webhook_id);
        // Deleted meanwhile: its deliveries went with it.
        if (!webhook) return;
        const outcome = await this.attempt(webhook.url, webhook.secret, row.id, row.event, row.body);
        await this.record(row.id, row.attempts + 1, outcome);
      }),
    );
    return claimed.length;
  }

  private async attempt(url: string, secret: string, id: number, event: string, body: string): Promise<{ code: number | null; error: string | null }> {
    try {
      const response = await this.send(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'PlayFree-Webhooks/1',
          'x-playfree-event': event,
          'x-playfree-delivery': String(id),
          'x-playfree-signature': signatureOf(secret, body),
        },
        body,
        // A redirect is an answer, not a new destination: the registered URL is the only one.
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(this.timeoutMs), this.stopping.signal]),
      });
      await response.body?.cancel();
      return { code: response.status, error: response.ok ? null : `HTTP ${response.status}` };
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      return { code: null, error: `${error instanceof Error ? error.message : String(error)}${cause}` };
    }
  }

  private async record(id: number, attempts: number, outcome: { code: number | null; error: string | null }): Promise<void> {
    const delay = outcome.error === null ? null : retryDelayMs(attempts);
    await recordAttempt(this.orm.em.fork(), id, {
      attempts,
      responseCode: outcome.code,
      error: outcome.error?.slice(0, ERROR_MAX) ?? null,
      status: outcome.error === null ? 'DELIVERED' : delay === null ? 'FAILED' : 'PENDING',
      retryInSeconds: delay === null ? null : Math.round(delay / 1000),
    });
  }
}
