/** What index.ts and its worker (worker.ts, a child process) say to each other. */

/** The worker's one command-line argument, as JSON. */
export interface WorkerJob {
  /** Where the build is served: its own origin, index.html at `/`. */
  url: string;
  chromiumPath: string;
  /** The run's own empty folder: Chromium's profile and temporary files go in it; index.ts removes it afterwards. */
  tempDir: string;
  /** Epoch ms by which the worker must have reported everything; index.ts kills it soon after. */
  deadline: number;
}

/** How a game showed it had started: the SDK's gameplayStart, or its first frame with something drawn. */
export type StartSignal = 'gameplayStart' | 'firstFrame';

export type StartResult =
  /** `tapped`: the page waited for a player's tap (a "tap to play" screen) and was tapped once. */
  | { started: true; signal: StartSignal; seconds: number; sdk: boolean; tapped?: boolean }
  /**
   * `problem` says what happened and where, for people: "nothing was drawn on the canvas #canvas
   * within 20 s", "Build/game.wasm.br could not be loaded (404 Not Found)".
   */
  | { started: false; problem: string };

/** Up to CHECK_LIMITS.listed different entries, and how many there were in all. */
export interface Listing {
  count: number;
  listed: string[];
}

/** What the first load of the build showed. */
export interface FirstLoad {
  /** seconds are counted from the start of the navigation; `sdk`: window.PlayFree was there. */
  start: StartResult;
  /** The build's own paths the page asked for until it started (and a short settle), in order; `index.html` for `/`. */
  requested: string[];
  /**
   * The build's own files the page asked for until it started (and the settle) and got a 404 for,
   * favicon.ico apart (the browser asks for it on its own): a game drawing its loading screen can
   * stop there. Absent from outcomes made before it was recorded.
   */
  missing?: string[];
  /** Addresses on other origins, all blocked: each different one counted. */
  external: Listing;
  /** Console errors and uncaught exceptions: each time counted, each different one listed. */
  errors: Listing;
  /** The document's scroll size once started; null when not measured. */
  page: { width: number; height: number } | null;
  /** Whether the page was cross-origin isolated (SharedArrayBuffer for threads); null when not asked. */
  isolated: boolean | null;
  /** Engines the page's globals named, with their versions ('' for none): page-script.ts's ENGINE_GLOBALS, and the version an engine printed (engines.ts's printedEngineVersion). */
  globals: Record<string, string>;
}

/** Whether the game started again with only the first load's files. */
export type OfflineLoad = { started: true } | { started: false; problem: string };

export type WorkerMessage =
  | { type: 'firstLoad'; firstLoad: FirstLoad }
  | { type: 'offline'; offline: OfflineLoad }
  /** The browser could not be started or driven: nothing the build did. */
  | { type: 'failed'; message: string };
