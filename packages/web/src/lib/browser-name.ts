// What a device is called where people see it listed (a card's phones, decision 0108; a merchant's phones that sell,
// docs/farmer-app.md): the browser and the system it runs on, read from the browser's own description of itself.
// Only words a person recognises; never the whole user-agent text.

interface UserAgentData {
  platform?: string;
  brands?: { brand: string }[];
  mobile?: boolean;
}

const BROWSERS: [RegExp, string][] = [
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/EdgA?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/CriOS\/|Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const first = (list: [RegExp, string][], text: string) => list.find(([pattern]) => pattern.test(text))?.[1];

/** The browser's and system's names, from userAgentData where the browser has it, else from the user-agent text. */
export function browserAndSystem(userAgent: string, data?: UserAgentData): { browser: string; system: string } {
  const brands = (data?.brands ?? []).map((b) => b.brand).filter((name) => !/Not.?A.?Brand/i.test(name));
  // Chrome, Edge and the others name Chromium beside themselves; Chromium alone is Chromium.
  const brand =
    brands
      .find((name) => name !== 'Chromium')
      ?.replace(/^Google /, '')
      .replace(/^Microsoft /, '') ?? brands.find((name) => name === 'Chromium');
  const browser = brand ?? first(BROWSERS, userAgent) ?? 'Browser';
  const platform = data?.platform && data.platform !== 'Unknown' ? data.platform : undefined;
  const system = platform ?? first(SYSTEMS, userAgent) ?? '';
  return { browser, system };
}

/** This browser's own description (navigator.userAgentData in Chromium, the user-agent text elsewhere). */
export function thisBrowser(): { browser: string; system: string } {
  const nav = navigator as Navigator & { userAgentData?: UserAgentData };
  return browserAndSystem(nav.userAgent, nav.userAgentData);
}
