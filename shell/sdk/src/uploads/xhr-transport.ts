// The app's upload transport: one multipart POST /venues/{venueId}/documents per attempt with XMLHttpRequest,
// whose `upload.onprogress` reports the bytes really sent (fetch has no upload progress). The fields go before the
// `file` part (the gateway reads them first and refuses a file over the size limit before it is streamed), with the
// session's bearer token, refreshed once after a 401 like every call of the api client.
import { api, type ApiClient, type ApiPaths } from '../api/api-client.ts';
import { ApiRequestError, apiErrorFromResponse, networkError } from '../api/api-error.ts';
import type { VenueDocument } from '../api/media-types.ts';
import type { UploadItem, UploadTransport } from './upload-queue.ts';
import { AUTH_MESSAGES } from '@venuebook/domain';

/** The parts of the upload's multipart body, as the gateway's OpenAPI document names them. */
type UploadPart = keyof ApiPaths['/venues/{id}/documents']['post']['requestBody']['content']['multipart/form-data'];

/** The multipart body of one upload: the fields of the contract's UploadFields, then the file. */
export function uploadFormData(item: UploadItem, file: Blob): FormData {
  const form = new FormData();
  form.append('category' satisfies UploadPart, item.category);
  form.append('description' satisfies UploadPart, item.description);
  form.append('eventId' satisfies UploadPart, item.eventId ?? '');
  form.append('dataCardId' satisfies UploadPart, item.dataCardIdForTag ?? '');
  form.append('lastModified' satisfies UploadPart, String(item.file.lastModified));
  form.append('size' satisfies UploadPart, String(file.size));
  form.append('file' satisfies UploadPart, file, item.file.name);
  return form;
}

interface XhrAnswer {
  status: number;
  body: unknown;
}

function send(url: string, form: FormData, token: string, signal: AbortSignal, onProgress: (loaded: number, total: number) => void): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.withCredentials = false;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      signal.removeEventListener('abort', onAbort);
      let body: unknown;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => {
      signal.removeEventListener('abort', onAbort);
      reject(networkError(new Error('XMLHttpRequest failed')));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      signal.removeEventListener('abort', onAbort);
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    };
    if (signal.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    signal.addEventListener('abort', onAbort);
    xhr.send(form);
  });
}

/** The transport of the app's queue, bound to an api client (its base URL and session). */
export function createXhrTransport(client: ApiClient = api): UploadTransport {
  return async ({ item, file, signal, onProgress }) => {
    const url = client.postUrl('/venues/{id}/documents', { id: item.venueId });
    const token = await client.bearer.token();
    if (!token) throw new ApiRequestError({ status: 401, code: 'no_session', message: AUTH_MESSAGES.noSession });
    let answer = await send(url, uploadFormData(item, file), token, signal, onProgress);
    if (answer.status === 401) {
      const fresh = await client.bearer.refreshAfterUnauthorized(token);
      if (fresh) answer = await send(url, uploadFormData(item, file), fresh, signal, onProgress);
    }
    if (answer.status < 200 || answer.status >= 300) throw apiErrorFromResponse(answer.status, answer.body);
    if (typeof answer.body !== 'object' || answer.body === null || typeof (answer.body as { id?: unknown }).id !== 'string') {
      throw new ApiRequestError({ status: answer.status, code: 'invalid_response', message: 'The server sent an unexpected response.' });
    }
    return answer.body as VenueDocument;
  };
}
