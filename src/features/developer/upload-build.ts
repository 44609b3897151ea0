/**
 * Sends a build's zip to POST /api/dev/games/{id}/builds (not tRPC: the body is a file, and only
 * XMLHttpRequest reports an upload's progress). The zip is the body itself (Content-Type
 * application/zip). The session goes as the app's tRPC calls send it: the stored bearer token when
 * there is one, the cookie otherwise; a same-origin XMLHttpRequest sends its Origin, which the
 * server's CSRF guard asks of a cookie-authenticated write. The page's language goes as X-Locale.
 */
import type { Build } from '../../../shared/schemas';
import { getStoredToken, pageLocaleHeader, SESSION_EXPIRED_EVENT } from '../../trpc';
import { uploadFailure, type UploadFailure } from './build-state';
import type { IntlShape } from '../../i18n';

export interface UploadHandle {
  /** The build the server recorded (status CHECKING), or the failure; never rejects. */
  done: Promise<{ ok: true; build: Build } | { ok: false; failure: UploadFailure } | { ok: false; cancelled: true }>;
  cancel(): void;
}

export function uploadBuild(intl: IntlShape, gameId: number, file: Blob, onProgress: (loaded: number, total: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  let cancelled = false;
  const done = new Promise<Awaited<UploadHandle['done']>>((resolve) => {
    xhr.open('POST', `/api/dev/games/${gameId}/builds`);
    xhr.setRequestHeader('Content-Type', 'application/zip');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getStoredToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    // Its refusals ("file: …", the zip's problems) in the page's language, as the tRPC calls get theirs.
    for (const [name, value] of Object.entries(pageLocaleHeader())) xhr.setRequestHeader(name, value);
    xhr.withCredentials = true;
    xhr.upload.addEventListener('progress', (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size));
    xhr.addEventListener('load', () => {
      const answer = parseJson(xhr.responseText);
      if (xhr.status === 201 || xhr.status === 200) {
        resolve({ ok: true, build: answer as Build });
        return;
      }
      if (xhr.status === 401 && token) window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
      const message = answer && typeof answer === 'object' && 'message' in answer && typeof answer.message === 'string' ? answer.message : undefined;
      resolve({ ok: false, failure: uploadFailure(intl, xhr.status, message) });
    });
    const lost = () => resolve(cancelled ? { ok: false, cancelled: true } : { ok: false, failure: uploadFailure(intl, 0, undefined) });
    xhr.addEventListener('error', lost);
    xhr.addEventListener('timeout', lost);
    xhr.addEventListener('abort', () => resolve({ ok: false, cancelled: true }));
    xhr.send(file);
  });
  return {
    done,
    cancel() {
      cancelled = true;
      xhr.abort();
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
