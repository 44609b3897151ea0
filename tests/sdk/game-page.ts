/**
 * A game's page on its host, without a browser: the real SDK scripts (games/sdk/) run in a window
 * of their own (a node:vm context whose global is `window`, as in a page) whose parent is a portal
 * that records every message the game posts and answers ad breaks and saves the way the game page
 * does (useAdBreaks, useCloudSaves): a rewarded break only right after a tap, saves versioned in
 * one account. Engine glue (a Unity .jslib, Godot's JavaScriptBridge) is then run against it.
 */
import { readFileSync } from 'node:fs';
import { createContext, runInContext, type Context } from 'node:vm';

const GAMES_DIR = new URL('../../games/', import.meta.url);

/** A file of games/ (the SDK, its compat layers, the engine plugins), as shipped. */
export function gamesFile(path: string): string {
  return readFileSync(new URL(path, GAMES_DIR), 'utf8');
}

export type SdkMessage = { source: 'playfree-sdk'; version: 1; type: string; requestId?: string; [key: string]: unknown };
type Save = { data: Record<string, unknown>; version: number; updatedAt: string };

export type GamePage = {
  /** The page's global object (its `window`). */
  window: Context;
  /** Every message the game posted to the portal, in order (requestIds included). */
  received: SdkMessage[];
  /** The player's save in their account, as the portal keeps it. */
  account: { save: Save | null };
  /** Runs a script in the page, as a <script> would. */
  run(source: string, filename: string): unknown;
  /** The portal posts a message to the game's window (pause, mute, saveSync…). */
  portalSends(data: Record<string, unknown>): void;
  /** The player taps the game (a user gesture, which a rewarded break needs). */
  tap(): void;
  /** Lets the portal's answers and the SDK's promises settle. */
  settle(): Promise<void>;
};

/**
 * Opens a game page on `host` with `scripts` (paths under games/) loaded in order, framed by the
 * portal, or stand-alone (no parent) with `framed: false`.
 */
export function openGamePage({ scripts = ['sdk/playfree-sdk.js'], host = 'big-world.games.example.org', framed = true } = {}): GamePage {
  const received: SdkMessage[] = [];
  const listeners = new Map<string, ((event: unknown) => void)[]>();
  const account: { save: Save | null } = { save: null };
  const storage = new Map<string, string>();
  const window = createContext({
    console,
    setTimeout,
    clearTimeout,
    queueMicrotask,
    TextEncoder,
    TextDecoder,
    URLSearchParams,
    location: { href: `https://${host}/?v=3`, host, origin: `https://${host}`, pathname: '/', search: '?v=3' },
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, String(value)),
      removeItem: (key: string) => void storage.delete(key),
    },
    navigator: {},
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    removeEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, (listeners.get(type) ?? []).filter((l) => l !== listener)),
  });
  runInContext('var window = globalThis; var self = globalThis;', window);

  const dispatch = (type: string, event: unknown) => (listeners.get(type) ?? []).forEach((listener) => listener(event));
  const portal = {
    postMessage(message: SdkMessage) {
      // What crosses postMessage is a structured clone, made when it is posted.
      const copy = structuredClone(message);
      received.push(copy);
      setTimeout(() => answer(copy), 0);
    },
  };
  const portalSends = (data: Record<string, unknown>) => dispatch('message', { source: portal, origin: 'https://playfree.example.org', data: structuredClone(data) });
  let lastTapAt = -Infinity;

  function answer(message: SdkMessage): void {
    const requestId = message.requestId;
    if (message.type === 'adBreak') {
      const gesture = message.gesture === true && Date.now() - lastTapAt < 5000;
      const result =
        message.kind === 'rewarded'
          ? gesture
            ? { shown: true, rewarded: true, reason: null }
            : { shown: false, rewarded: false, reason: 'no-gesture' }
          : { shown: true, rewarded: false, reason: null };
      portalSends({ source: 'playfree-portal', type: 'adBreakResult', requestId, ...result });
    } else if (message.type === 'saveLoad') {
      portalSends({ source: 'playfree-portal', type: 'saveResult', requestId, status: 'ok', save: account.save });
    } else if (message.type === 'saveWrite') {
      const current = account.save?.version ?? 0;
      if (account.save && message.baseVersion !== current) {
        portalSends({ source: 'playfree-portal', type: 'saveResult', requestId, status: 'conflict', save: account.save });
        return;
      }
      account.save = { data: message.data as Record<string, unknown>, version: current + 1, updatedAt: new Date().toISOString() };
      portalSends({ source: 'playfree-portal', type: 'saveResult', requestId, status: 'saved', save: account.save });
    }
  }

  if (framed) Object.assign(window, { parent: portal, top: portal });
  else runInContext('window.parent = window; window.top = window;', window);
  const run = (source: string, filename: string) => runInContext(source, window, { filename });
  for (const script of scripts) run(gamesFile(script), script);
  return {
    window,
    received,
    account,
    run,
    portalSends,
    tap() {
      lastTapAt = Date.now();
      dispatch('pointerdown', { type: 'pointerdown' });
    },
    async settle() {
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

/** The messages the portal received, without the request ids the SDK numbers them by. */
export function withoutRequestIds(messages: SdkMessage[]): Omit<SdkMessage, 'requestId'>[] {
  return messages.map(({ requestId: _requestId, ...message }) => message);
}
