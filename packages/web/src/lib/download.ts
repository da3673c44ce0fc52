import type { AnyEndpoint, EndpointInput } from '@ebt/core/contract';
import { MESSAGES } from '@ebt/core/messages';
import { ApiError, failedCall, parseBody } from './api-client';
import { endpointUrl } from './endpoint-client';
import { getToken } from './session';

// A file answer of the API (A§7 exports) saved through the browser. A plain link cannot carry the session's bearer
// token, so the file is fetched with it and handed to the browser as a Blob (decision 0012). Written without
// anything area-specific: the recipient and benefit exports both use it.

export interface DownloadedFile {
  filename: string;
  /** The server's X-Export-Truncated header: the file holds only the first rows up to the export cap. */
  truncated: boolean;
}

/** The file name of a Content-Disposition header (`attachment; filename="recipients-20260101.csv"`). */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed encoding falls through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || null;
}

/**
 * GETs `url` with the session's token and answers the response once it is known to be a success. A refusal throws
 * the same ApiError as any call; no answer at all reads 'The api for this request is currently unavailable.'. The
 * printable PAN card view shows the body as a PDF in the page (resolution 7); downloadFrom saves it.
 */
export async function fetchFile(url: string): Promise<Response> {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(url, { headers });
  } catch {
    throw new ApiError(0, undefined, [MESSAGES.API_UNAVAILABLE]);
  }
  if (!response.ok) {
    const body = parseBody(response.status, await response.text(), response.headers.get('content-type'));
    throw failedCall(response.status, body);
  }
  return response;
}

/**
 * GETs `url` with the session's token and saves the answer as a file. A refusal throws the same ApiError as any
 * call (401 ends the session, 403 shows the privilege notification); no answer at all reads 'The api for this
 * request is currently unavailable.'.
 */
async function downloadFile(url: string, fallbackName: string): Promise<DownloadedFile> {
  const response = await fetchFile(url);
  const blob = await response.blob();
  const filename = filenameOf(response.headers.get('content-disposition')) ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has run; the object URL is freed after this task.
  setTimeout(() => URL.revokeObjectURL(href), 0);
  return { filename, truncated: response.headers.get('x-export-truncated') === 'true' };
}

/** Downloads an endpoint's file (an export, a sample, a document) with the session's token and saves it. */
export function downloadFrom<E extends AnyEndpoint>(
  endpoint: E,
  input: Omit<EndpointInput<E>, 'body'>,
  fallbackName: string,
): Promise<DownloadedFile> {
  return downloadFile(endpointUrl(endpoint, input), fallbackName);
}
