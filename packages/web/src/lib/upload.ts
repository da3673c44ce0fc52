import type { AnyEndpoint, EndpointAnswer, EndpointInput } from '@ebt/core/contract';
import { MESSAGES } from '@ebt/core/messages';
import { ApiError, failedCall, parseBody } from './api-client';
import { endpointUrl } from './endpoint-client';
import { uploadPercent } from './files';
import { getToken } from './session';

export interface UploadOptions {
  /** Called with 0-100 as the file goes up; 100 means sent, the server may still be reading it. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** POST unless the endpoint says otherwise. */
  method?: 'POST' | 'PUT';
}

/**
 * Sends a multipart form (B§7: `benefitFile`, `accountFile`, `merchantFile`) and answers the parsed JSON.
 * It goes through XMLHttpRequest because fetch reports no upload progress; otherwise it behaves as `api.post`:
 * the session's bearer token, an ApiError with the server's texts on refusal, a 401 ends the session, a 403 shows the
 * privilege message, no answer at all reads 'The api for this request is currently unavailable.', and an abort
 * rejects with an AbortError as fetch does. A 422 carries 'Invalid file content.' when the server gives no text.
 */
function uploadFile<T>(path: string, formData: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal, method = 'POST' } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open(method, path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(uploadPercent(event.loaded, event.total));
      });
      xhr.upload.addEventListener('load', () => onProgress(100));
    }

    xhr.addEventListener('load', () => {
      settle();
      const body = parseBody(xhr.status, xhr.responseText, xhr.getResponseHeader('content-type'));
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as T);
        return;
      }
      const error = failedCall(xhr.status, body);
      // A§8/B§8: a 422 on a file import reads 'Invalid file content.'.
      if (xhr.status === 422 && error.messages.length === 0) {
        reject(new ApiError(422, body, [MESSAGES.INVALID_FILE_CONTENT]));
        return;
      }
      reject(error);
    });
    xhr.addEventListener('error', () => {
      settle();
      // No answer at all: the server is down or the network is gone.
      reject(new ApiError(0, undefined, [MESSAGES.API_UNAVAILABLE]));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    });

    signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(formData);
  });
}

/**
 * Sends the form to an upload endpoint (its contract names the method, the path and the answer's schema) and answers
 * the parsed answer.
 */
export async function uploadTo<E extends AnyEndpoint>(
  endpoint: E,
  input: Omit<EndpointInput<E>, 'body'>,
  formData: FormData,
  options: Omit<UploadOptions, 'method'> = {},
): Promise<EndpointAnswer<E>> {
  const method = endpoint.method === 'PUT' ? 'PUT' : 'POST';
  const data = await uploadFile<unknown>(endpointUrl(endpoint, input), formData, { ...options, method });
  return (endpoint.answer ? endpoint.answer.parse(data) : data) as EndpointAnswer<E>;
}
