/**
 * Content of the API documentation page: the public API /api/v1 (spec sections 2, 3 and 9;
 * served by server/rest/v1.ts) and the in-game SDK (games/sdk).
 */
import { GAME_STATUSES, PUBLIC_API } from '../../../shared/constants';
import { formatCount } from '../../features/games/format';

export const API_VERSION = PUBLIC_API.version;
export const DEFAULT_LIST_LIMIT = PUBLIC_API.defaultLimit;
export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';

/** The API's base URL on the portal at `origin` (empty: relative to the page's own origin). */
export function apiBaseUrl(origin: string): string {
  return `${origin}/api/${API_VERSION}`;
}

export const RATE_LIMITS = [
  { scope: 'Game management', endpoints: 'GET, POST, PUT /games', limit: `${PUBLIC_API.gamesPerHour} requests per hour` },
  {
    scope: 'Analytics',
    endpoints: 'GET /analytics/games/:id, POST /analytics/events',
    limit: `${formatCount(PUBLIC_API.analyticsPerHour)} requests per hour`,
  },
] as const;

export type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface Param {
  name: string;
  type: string;
  description: string;
  required?: boolean;
  defaultValue?: string;
}

export interface Endpoint {
  id: string;
  method: HttpMethod;
  /** Path relative to the base URL, with `:name` path parameters. */
  path: string;
  summary: string;
  description: string;
  pathParams?: readonly Param[];
  query?: readonly Param[];
  /** Example query of the Try it call and its curl command. */
  exampleQuery?: Record<string, string>;
  body?: readonly Param[];
  request?: unknown;
  responseStatus: string;
  response: unknown;
}

const sampleGame = {
  id: 42,
  title: 'Space Rocks',
  slug: 'space-rocks',
  description: 'Blast your way through an asteroid field in this fast-paced arcade shooter.',
  thumbnail: 'https://cdn.playfree.example/thumbs/space-rocks.png',
  category: 'action',
  plays: 15230,
  rating: 4.6,
  created_at: '2025-07-14T09:30:00Z',
};

const gameIdParam: Param = { name: 'id', type: 'integer', required: true, description: 'The id of your game.' };

export const GAMES_ENDPOINTS: readonly Endpoint[] = [
  {
    id: 'list-games',
    method: 'GET',
    path: '/games',
    summary: 'List games',
    description: "Returns a page of the portal's published games, newest first, or with status your own games in that review status. Filter by category or featured flag.",
    query: [
      {
        name: 'limit',
        type: 'integer',
        defaultValue: String(DEFAULT_LIST_LIMIT),
        description: `Number of games to return, at most ${PUBLIC_API.maxLimit}.`,
      },
      { name: 'page', type: 'integer', defaultValue: '1', description: 'Which page of results, from 1.' },
      { name: 'category', type: 'string', description: 'Category slug, e.g. action or puzzle.' },
      { name: 'featured', type: 'boolean', description: 'Only games featured on the home page.' },
      {
        name: 'status',
        type: 'string',
        description: `List your own games in this review status: ${GAME_STATUSES.join(', ')}.`,
      },
    ],
    exampleQuery: { limit: '10', category: 'action' },
    responseStatus: '200 OK',
    response: {
      games: [sampleGame],
      total: 128,
      page: 1,
      limit: DEFAULT_LIST_LIMIT,
    },
  },
  {
    id: 'create-game',
    method: 'POST',
    path: '/games',
    summary: 'Submit a game',
    description: 'Submits a new game for review. It is published once approved.',
    body: [
      { name: 'title', type: 'string', required: true, description: 'Title shown on the portal.' },
      { name: 'description', type: 'string', required: true, description: 'What the game is about.' },
      { name: 'game_url', type: 'string (HTTPS URL)', required: true, description: 'Where the game is hosted.' },
      { name: 'thumbnail', type: 'string (HTTPS URL)', required: true, description: 'Thumbnail image, 400x300.' },
      { name: 'category', type: 'string', required: true, description: 'Category slug.' },
      { name: 'age_rating', type: 'string', description: 'KIDS, E7, E13, E16 or E18. Defaults to E13.' },
      { name: 'tags', type: 'string[]', description: 'Search tags.' },
      { name: 'instructions', type: 'string', description: 'How to play.' },
    ],
    request: {
      title: 'Space Rocks',
      description: 'Blast your way through an asteroid field in this fast-paced arcade shooter.',
      game_url: 'https://games.example-studio.com/space-rocks/',
      thumbnail: 'https://games.example-studio.com/space-rocks/thumb.png',
      category: 'action',
      age_rating: 'E7',
      tags: ['arcade', 'space', 'shooter'],
      instructions: 'Arrow keys to move, space to shoot.',
    },
    responseStatus: '201 Created',
    response: {
      id: 42,
      title: 'Space Rocks',
      slug: 'space-rocks',
      status: 'PENDING',
      created_at: '2025-08-01T10:15:00Z',
    },
  },
  {
    id: 'update-game',
    method: 'PUT',
    path: '/games/:id',
    summary: 'Update a game',
    description: 'Updates the listing of one of your games. Send only the fields you want to change.',
    pathParams: [gameIdParam],
    body: [
      { name: 'title', type: 'string', description: 'New title.' },
      { name: 'description', type: 'string', description: 'New description.' },
      { name: 'thumbnail', type: 'string (HTTPS URL)', description: 'New thumbnail image.' },
    ],
    request: {
      title: 'Space Rocks Deluxe',
      description: 'Now with boss fights and a two-player mode!',
      thumbnail: 'https://games.example-studio.com/space-rocks/thumb-v2.png',
    },
    responseStatus: '200 OK',
    response: {
      ...sampleGame,
      title: 'Space Rocks Deluxe',
      description: 'Now with boss fights and a two-player mode!',
      thumbnail: 'https://games.example-studio.com/space-rocks/thumb-v2.png',
    },
  },
];

export const ANALYTICS_ENDPOINTS: readonly Endpoint[] = [
  {
    id: 'game-analytics',
    method: 'GET',
    path: '/analytics/games/:id',
    summary: 'Get game analytics',
    description:
      'Plays, players, engagement, retention, revenue and audience of one of your games over a period. Rates are fractions from 0 to 1; average_session is in seconds.',
    pathParams: [gameIdParam],
    query: [{ name: 'period', type: 'string', defaultValue: '30d', description: 'One of 7d, 30d or 90d.' }],
    exampleQuery: { period: '30d' },
    responseStatus: '200 OK',
    response: {
      game_id: 42,
      period: '30d',
      metrics: {
        total_plays: 15230,
        unique_players: 8410,
        average_session: 312,
        completion_rate: 0.64,
        retention_rates: { day_1: 0.42, day_7: 0.18, day_30: 0.07 },
        revenue: { total: 182.4, currency: 'USD' },
      },
      demographics: {
        age_groups: { '13-17': 0.22, '18-24': 0.38, '25-34': 0.27, '35+': 0.13 },
        countries: { IN: 0.41, US: 0.18, BR: 0.09, other: 0.32 },
      },
    },
  },
  {
    id: 'track-event',
    method: 'POST',
    path: '/analytics/events',
    summary: 'Track an event',
    description: 'Records a custom gameplay event, such as a level completed or an item unlocked.',
    body: [
      { name: 'game_id', type: 'integer', required: true, description: 'The id of your game.' },
      { name: 'player_id', type: 'string', required: true, description: 'Your own anonymous player identifier.' },
      { name: 'event', type: 'string', required: true, description: 'Event name, e.g. level_complete.' },
      { name: 'properties', type: 'object', description: 'Any extra data about the event (free-form).' },
      { name: 'timestamp', type: 'string (ISO 8601)', description: 'When it happened, in UTC. Defaults to now.' },
    ],
    request: {
      game_id: 42,
      player_id: 'p_8f3a2c',
      event: 'level_complete',
      properties: { level: 3, time_seconds: 48.2, stars: 2 },
      timestamp: '2025-08-01T12:34:56Z',
    },
    responseStatus: '202 Accepted',
    response: { accepted: true },
  },
];

/** The example call's path and query: `:id` filled with `id`. */
export function examplePath(endpoint: Endpoint, id: string) {
  const query = endpoint.exampleQuery ? `?${new URLSearchParams(endpoint.exampleQuery).toString()}` : '';
  return `${endpoint.path.replace(':id', encodeURIComponent(id))}${query}`;
}

/** The example call as a curl command; `body` is the request's JSON text. */
export function curlCommand(endpoint: Endpoint, { apiKey, baseUrl, id, body }: { apiKey: string; baseUrl: string; id: string; body?: string }) {
  const lines = [`curl -X ${endpoint.method} "${baseUrl}${examplePath(endpoint, id)}"`, `  -H "Authorization: Bearer ${apiKey || API_KEY_PLACEHOLDER}"`];
  if (body !== undefined) {
    lines.push(`  -H "Content-Type: application/json"`, `  -d '${body.replaceAll("'", "'\\''")}'`);
  }
  return lines.join(' \\\n');
}

export function json(value: unknown) {
  return JSON.stringify(value, null, 2);
}

export const jsClientSample = (baseUrl: string) => `// playfree-api.js - a small browser client for the PlayFree API ${API_VERSION}
class PlayFreeAPI {
  constructor(apiKey, baseUrl = '${baseUrl}') {
    this.apiKey = apiKey;
    this.baseUrl = baseUrl;
  }

  async request(path, { method = 'GET', body } = {}) {
    const response = await fetch(\`\${this.baseUrl}\${path}\`, {
      method,
      headers: {
        Authorization: \`Bearer \${this.apiKey}\`,
        'Content-Type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) {
      throw new Error(\`API Error: \${response.statusText}\`);
    }
    return response.json();
  }

  getGames(params = {}) {
    const query = new URLSearchParams(params).toString();
    return this.request(query ? \`/games?\${query}\` : '/games');
  }

  submitGame(game) {
    return this.request('/games', { method: 'POST', body: game });
  }

  updateGame(id, changes) {
    return this.request(\`/games/\${id}\`, { method: 'PUT', body: changes });
  }

  getAnalytics(id, period = '30d') {
    return this.request(\`/analytics/games/\${id}?period=\${period}\`);
  }

  trackEvent(gameId, playerId, event, properties = {}) {
    return this.request('/analytics/events', {
      method: 'POST',
      body: {
        game_id: gameId,
        player_id: playerId,
        event,
        properties,
        timestamp: new Date().toISOString(),
      },
    });
  }
}

// Usage
const api = new PlayFreeAPI('${API_KEY_PLACEHOLDER}');

try {
  const { games, total } = await api.getGames({ category: 'puzzle', limit: 10 });
  console.log(\`\${total} puzzle games\`, games.map((game) => game.title));

  const stats = await api.getAnalytics(42);
  console.log('Plays in the last 30 days:', stats.metrics.total_plays);
} catch (error) {
  console.error(error.message); // e.g. "API Error: Unauthorized"
}
`;

export const unitySample = (baseUrl: string) => `using System;
using System.Collections;
using System.Text;
using UnityEngine;
using UnityEngine.Networking;

// Attach to a GameObject and call TrackLevelComplete from your game code.
public class PlayFreeAnalytics : MonoBehaviour
{
    private const string BaseUrl = "${baseUrl}";

    [SerializeField] private string apiKey = "${API_KEY_PLACEHOLDER}";
    [SerializeField] private int gameId = 42;

    [Serializable]
    private class LevelProperties
    {
        public int level;
        public float time_seconds;
    }

    [Serializable]
    private class AnalyticsEvent
    {
        public int game_id;
        public string player_id;
        public string @event;
        public LevelProperties properties;
        public string timestamp;
    }

    public void TrackLevelComplete(string playerId, int level, float seconds)
    {
        var payload = new AnalyticsEvent
        {
            game_id = gameId,
            player_id = playerId,
            @event = "level_complete",
            properties = new LevelProperties { level = level, time_seconds = seconds },
            timestamp = DateTime.UtcNow.ToString("o"),
        };
        StartCoroutine(Post("/analytics/events", JsonUtility.ToJson(payload)));
    }

    private IEnumerator Post(string path, string json)
    {
        using var request = new UnityWebRequest(BaseUrl + path, "POST");
        request.uploadHandler = new UploadHandlerRaw(Encoding.UTF8.GetBytes(json));
        request.downloadHandler = new DownloadHandlerBuffer();
        request.SetRequestHeader("Content-Type", "application/json");
        request.SetRequestHeader("Authorization", "Bearer " + apiKey);

        yield return request.SendWebRequest();

        if (request.result != UnityWebRequest.Result.Success)
        {
            Debug.LogError($"API Error: {request.responseCode} {request.error}");
        }
    }
}
`;

export const BEST_PRACTICES = [
  'Keep your API key secret: send it only in the Authorization header, never in a URL, and never commit it to source control.',
  'Make game-management calls (POST and PUT /games) from your own server or build tools, not from code shipped to players.',
  'Cache GET /games responses for a few minutes instead of calling the API on every page view.',
  'Send analytics events that matter (level completed, game over) rather than every frame or click, and batch them when you can.',
  'Check the status of every response. Retry 429 and 5xx responses with exponential backoff; do not retry other 4xx responses unchanged.',
  'Send timestamps in UTC, in ISO 8601 format.',
  `Keep the version (${API_VERSION}) in your base URL so future versions cannot break your integration.`,
] as const;

// ---------- Game SDK ----------

export const SDK_SCRIPT_SAMPLE = `<script src="https://<games origin>/sdk/playfree-sdk.js"></script>`;

export interface SdkMethod {
  signature: string;
  description: string;
}

export const SDK_METHODS: readonly SdkMethod[] = [
  { signature: 'PlayFree.loaded()', description: 'Call once your game has finished loading and is ready to play.' },
  { signature: 'PlayFree.gameplayStart()', description: 'The player has started (or restarted) playing. Resets the last reported score.' },
  { signature: 'PlayFree.gameplayStop()', description: 'Gameplay has stopped: a menu, a pause screen or a level transition.' },
  {
    signature: 'PlayFree.score(n)',
    description: 'Reports the current score. Repeated values are skipped and updates are sent at most every 250 ms.',
  },
  { signature: 'PlayFree.level(n)', description: 'Reports the level the player has reached.' },
  { signature: 'PlayFree.happyMoment()', description: 'A highlight: a record, a boss beaten, a level cleared.' },
  { signature: 'PlayFree.gameOver(score)', description: 'The game is over, with the final score.' },
  { signature: 'PlayFree.onPause(cb)', description: 'Registers a callback the portal calls when your game must pause.' },
  { signature: 'PlayFree.onResume(cb)', description: 'Registers a callback the portal calls when your game may resume.' },
  {
    signature: 'PlayFree.onMute(cb)',
    description: 'Registers a callback called with true when the portal mutes the game, and false when it unmutes it.',
  },
  { signature: 'PlayFree.isMuted()', description: 'Returns whether the portal has currently muted the game.' },
  {
    signature: 'PlayFree.isEmbedded()',
    description: 'Returns whether the game is running inside a frame (on the portal) rather than opened directly.',
  },
  {
    signature: 'PlayFree.save(data)',
    description:
      "Saves the game's progress, a JSON object of at most 64 KB: on the device at once and in the signed-in player's account, so it follows them to every device. Resolves with { stored: 'account' | 'device', data }.",
  },
  {
    signature: 'PlayFree.load()',
    description: "Resolves with the last save (the account's when signed in, else the device's), or null. Never rejects.",
  },
  { signature: 'PlayFree.localSave()', description: 'Returns the device copy of the save at once, to show before load() answers.' },
  { signature: 'PlayFree.onSaveChange(cb)', description: 'Registers a callback called with the save when signing in brought a different one.' },
  {
    signature: 'PlayFree.onSaveConflict(merge)',
    description:
      "Optional: merges this device's save with a newer one from another device. Without it the later save wins (each save carries a version; see the SDK README).",
  },
];

export const SDK_USAGE_SAMPLE = `// After your assets have loaded:
PlayFree.loaded();

function startRun() {
  PlayFree.gameplayStart();
  level = 1;
  PlayFree.level(level);
}

function onPointsScored(points) {
  score += points;
  PlayFree.score(score);
  if (score > bestScore) PlayFree.happyMoment();
}

function onPlayerDied() {
  PlayFree.gameplayStop();
  PlayFree.gameOver(score);
}

// Let the portal pause and mute the game:
PlayFree.onPause(() => game.pause());
PlayFree.onResume(() => game.resume());
PlayFree.onMute((muted) => audio.setMuted(muted));
audio.setMuted(PlayFree.isMuted());
`;

export const SDK_GAME_MESSAGE_SAMPLE = `// Sent by the SDK to the portal (the parent window):
window.parent.postMessage({ source: 'playfree-sdk', version: 1, type, value }, '*');

// type:  'loaded' | 'gameplayStart' | 'gameplayStop' | 'score' | 'level'
//        | 'happyMoment' | 'gameOver'
// value: a number, for score, level and gameOver only

// Cloud saves:
{ source: 'playfree-sdk', version: 1, type: 'saveLoad', requestId }
{ source: 'playfree-sdk', version: 1, type: 'saveWrite', requestId, data, baseVersion }`;

export const SDK_PORTAL_MESSAGE_SAMPLE = `// Sent by the portal to the game frame:
{ source: 'playfree-portal', type: 'pause' | 'resume' | 'mute' | 'unmute' }
{ source: 'playfree-portal', type: 'saveResult', requestId, status, save }
{ source: 'playfree-portal', type: 'saveSync' }`;

export const SDK_SECURITY_NOTES = [
  "The portal accepts SDK messages only from the game's allowlisted origin: the HTTPS origin registered for the game. Messages from any other origin are ignored.",
  'The SDK only accepts portal messages from its parent window, and only with source "playfree-portal".',
  'Outside the portal (for example when you open the game directly while developing) every call is a harmless no-op, so you can leave the calls in.',
  'The SDK has no dependencies, sends no network requests and collects no personal data.',
  "Saves travel only between the game and the portal, which answers to the game frame's own origin; the portal writes them to the player's account.",
] as const;
