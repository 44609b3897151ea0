import { describe, expect, it } from 'vitest';
import { MAX_SCORE } from '../../../shared/constants';
import {
  frameOrigin,
  isAllowedOrigin,
  parseSdkMessage,
  PlayClock,
  playTimeChunks,
  portalMessage,
  SDK_EVENT_TYPES,
  submittableScore,
} from './messages';

const msg = (fields: Record<string, unknown>) => ({ source: 'playfree-sdk', version: 1, ...fields });

describe('parseSdkMessage: accepted messages', () => {
  it.each(['loaded', 'gameplayStart', 'gameplayStop', 'happyMoment'] as const)('reads %s without a value', (type) => {
    expect(parseSdkMessage(msg({ type }))).toEqual({ type });
  });

  it('reads score and level with their value', () => {
    expect(parseSdkMessage(msg({ type: 'score', value: 120 }))).toEqual({ type: 'score', value: 120 });
    expect(parseSdkMessage(msg({ type: 'level', value: 3 }))).toEqual({ type: 'level', value: 3 });
    expect(parseSdkMessage(msg({ type: 'score', value: -2.5 }))).toEqual({ type: 'score', value: -2.5 });
  });

  it('reads gameOver with or without a final score', () => {
    expect(parseSdkMessage(msg({ type: 'gameOver', value: 0 }))).toEqual({ type: 'gameOver', value: 0 });
    expect(parseSdkMessage(msg({ type: 'gameOver' }))).toEqual({ type: 'gameOver' });
  });

  it('drops a value on types that carry none', () => {
    expect(parseSdkMessage(msg({ type: 'loaded', value: 5 }))).toEqual({ type: 'loaded' });
  });

  it('accepts an object without a prototype (as some structured clones arrive)', () => {
    const bare = Object.assign(Object.create(null) as object, msg({ type: 'gameplayStart' }));
    expect(parseSdkMessage(bare)).toEqual({ type: 'gameplayStart' });
  });

  it('knows every type the SDK sends', () => {
    expect(SDK_EVENT_TYPES).toEqual(['loaded', 'gameplayStart', 'gameplayStop', 'score', 'level', 'happyMoment', 'gameOver', 'unlockMedal']);
  });
});

describe('parseSdkMessage: medal unlocks', () => {
  it('reads unlockMedal with a medal id', () => {
    expect(parseSdkMessage(msg({ type: 'unlockMedal', medal: 'first-flower' }))).toEqual({ type: 'unlockMedal', medal: 'first-flower' });
  });

  it('ignores an unlock without a well-formed id, with a value, or a medal key on another type', () => {
    for (const medal of [undefined, 7, '', 'Has Space', 'x'.repeat(41), '-dash', 'a--b', '<img>']) {
      expect(parseSdkMessage(msg({ type: 'unlockMedal', medal })), String(medal)).toBeNull();
    }
    expect(parseSdkMessage(msg({ type: 'unlockMedal', medal: 'ok', value: 1 }))).toBeNull();
    expect(parseSdkMessage(msg({ type: 'score', value: 1, medal: 'ok' }))).toBeNull();
  });
});

describe('parseSdkMessage: ignored messages', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'playfree-sdk'],
    ['JSON text', JSON.stringify(msg({ type: 'gameOver', value: 1 }))],
    ['a number', 42],
    ['an array', [msg({ type: 'loaded' })]],
    ['a Date', new Date()],
    ['a Map', new Map([['source', 'playfree-sdk']])],
  ])('%s', (_label, data) => {
    expect(parseSdkMessage(data)).toBeNull();
  });

  it('another source, or none', () => {
    expect(parseSdkMessage(msg({ type: 'gameOver', value: 1, source: 'playfree-portal' }))).toBeNull();
    expect(parseSdkMessage({ version: 1, type: 'loaded' })).toBeNull();
    expect(parseSdkMessage(msg({ type: 'loaded', source: 'PLAYFREE-SDK' }))).toBeNull();
  });

  it('another version, or a version that is not the number 1', () => {
    for (const version of [0, 2, '1', 1.5, null, undefined]) {
      expect(parseSdkMessage({ source: 'playfree-sdk', version, type: 'loaded' })).toBeNull();
    }
    expect(parseSdkMessage({ source: 'playfree-sdk', type: 'loaded' })).toBeNull();
  });

  it('an unknown, missing or non-string type', () => {
    for (const type of ['pause', 'GAMEOVER', 'toString', '__proto__', '', 7, null, undefined, ['score']]) {
      expect(parseSdkMessage(msg({ type, value: 1 }))).toBeNull();
    }
    expect(parseSdkMessage({ source: 'playfree-sdk', version: 1 })).toBeNull();
  });

  it('a value that is not a finite number', () => {
    for (const value of [Number.NaN, Infinity, -Infinity, '100', null, undefined, true, { n: 1 }, [1], 10n]) {
      expect(parseSdkMessage(msg({ type: 'gameOver', value }))).toBeNull();
      expect(parseSdkMessage(msg({ type: 'score', value }))).toBeNull();
    }
  });

  it('score or level without a value', () => {
    expect(parseSdkMessage(msg({ type: 'score' }))).toBeNull();
    expect(parseSdkMessage(msg({ type: 'level' }))).toBeNull();
  });

  it('any extra key', () => {
    expect(parseSdkMessage(msg({ type: 'gameOver', value: 5, player: 'x' }))).toBeNull();
  });

  it('an object that is not a plain object', () => {
    expect(parseSdkMessage(Object.assign(Object.create({ inherited: true }) as object, msg({ type: 'loaded' })))).toBeNull();
    expect(parseSdkMessage(Object.assign(Object.create(Error.prototype) as object, msg({ type: 'loaded' })))).toBeNull();
  });

  it('never throws, even on hostile objects', () => {
    const throwing = new Proxy(
      {},
      {
        get: () => {
          throw new Error('boom');
        },
        ownKeys: () => {
          throw new Error('boom');
        },
        getPrototypeOf: () => Object.prototype,
      },
    );
    const getter = Object.defineProperty(msg({ value: 1 }), 'type', {
      enumerable: true,
      get: () => {
        throw new Error('boom');
      },
    });
    expect(() => parseSdkMessage(throwing)).not.toThrow();
    expect(parseSdkMessage(throwing)).toBeNull();
    expect(parseSdkMessage(getter)).toBeNull();
  });
});

describe('isAllowedOrigin', () => {
  const allowlist = ['http://localhost:3301', 'https://Games.Example.com/'];

  it('accepts an allowlisted origin, compared lower-cased and without a trailing slash', () => {
    expect(isAllowedOrigin('http://localhost:3301', allowlist)).toBe(true);
    expect(isAllowedOrigin('https://games.example.com', allowlist)).toBe(true);
    expect(isAllowedOrigin('HTTPS://GAMES.EXAMPLE.COM', allowlist)).toBe(true);
  });

  it('rejects other origins, ports, schemes and opaque origins', () => {
    expect(isAllowedOrigin('http://localhost:3300', allowlist)).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1:3301', allowlist)).toBe(false);
    expect(isAllowedOrigin('http://games.example.com', allowlist)).toBe(false);
    expect(isAllowedOrigin('https://games.example.com.evil.net', allowlist)).toBe(false);
    expect(isAllowedOrigin('null', [...allowlist, 'null'])).toBe(false);
    expect(isAllowedOrigin('', allowlist)).toBe(false);
    expect(isAllowedOrigin(undefined, allowlist)).toBe(false);
    expect(isAllowedOrigin('http://localhost:3301', [])).toBe(false);
  });
});

describe('portal messages', () => {
  it('posts to the frame origin of the game, lower-cased', () => {
    expect(frameOrigin('http://LOCALHOST:3301/snake-garden/?x=1')).toBe('http://localhost:3301');
    expect(frameOrigin('https://games.example.com/a/b')).toBe('https://games.example.com');
    expect(frameOrigin('not a url')).toBeNull();
    expect(frameOrigin('data:text/html,hi')).toBeNull();
  });

  it('has the shape the SDK accepts', () => {
    expect(portalMessage('pause')).toEqual({ source: 'playfree-portal', type: 'pause' });
    expect(portalMessage('unmute')).toEqual({ source: 'playfree-portal', type: 'unmute' });
  });
});

describe('submittableScore', () => {
  it('keeps whole scores and floors fractions', () => {
    expect(submittableScore(0)).toBe(0);
    expect(submittableScore(1234)).toBe(1234);
    expect(submittableScore(99.9)).toBe(99);
  });

  it('caps at the server maximum and refuses negatives and missing scores', () => {
    expect(submittableScore(MAX_SCORE * 10)).toBe(MAX_SCORE);
    expect(submittableScore(-1)).toBeNull();
    expect(submittableScore(undefined)).toBeNull();
    expect(submittableScore(Number.NaN)).toBeNull();
  });
});

describe('play time', () => {
  it('splits seconds into reports of at most an hour', () => {
    expect(playTimeChunks(0)).toEqual([]);
    expect(playTimeChunks(0.9)).toEqual([]);
    expect(playTimeChunks(59)).toEqual([59]);
    expect(playTimeChunks(3600)).toEqual([3600]);
    expect(playTimeChunks(7201.5)).toEqual([3600, 3600, 1]);
    expect(playTimeChunks(Number.NaN)).toEqual([]);
  });

  it('counts only the time between start and stop, keeping partial seconds for later', () => {
    let now = 0;
    const clock = new PlayClock(() => now);
    now = 5_000;
    expect(clock.take()).toBe(0);
    clock.start();
    now = 7_500;
    clock.start();
    now = 9_700;
    clock.stop();
    expect(clock.running).toBe(false);
    now = 60_000;
    expect(clock.take()).toBe(4);
    clock.start();
    now = 60_400;
    clock.stop();
    expect(clock.take()).toBe(1);
    expect(clock.take()).toBe(0);
  });

  it('hands over the seconds of a running clock and keeps it running', () => {
    let now = 1_000;
    const clock = new PlayClock(() => now);
    clock.start();
    now = 61_000;
    expect(clock.take()).toBe(60);
    expect(clock.running).toBe(true);
    now = 62_000;
    clock.stop();
    expect(clock.take()).toBe(1);
  });
});
