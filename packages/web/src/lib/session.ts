/**
 * The session token. It lives in sessionStorage so it dies with the tab (A§4: "success stores a logged-in marker"),
 * is never shared with another tab, and never reaches localStorage or a cookie the server did not ask for.
 */
const TOKEN_KEY = 'marketlink.session';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be disabled by the browser's privacy settings; the app then keeps the token in memory only.
    return null;
  }
}

let memoryToken: string | null = null;

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? memoryToken;
}

export function setToken(token: string): void {
  memoryToken = token;
  storage()?.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  memoryToken = null;
  storage()?.removeItem(TOKEN_KEY);
}

export function hasSession(): boolean {
  return getToken() !== null;
}
