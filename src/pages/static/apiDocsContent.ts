/**
 * The guides of the API documentation page, as prose and samples: the public API /api/v1's base
 * URL, limits, client samples and best practices (spec sections 2, 3 and 9; served by
 * server/rest/v1.ts), and the in-game SDK (games/sdk). The endpoint reference itself is read from
 * the OpenAPI document (apiReference.ts).
 */
import { PUBLIC_API } from '../../../shared/constants';
import { formatCount } from '../../features/games/format';

export const API_VERSION = PUBLIC_API.version;
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
