import { describe, expect, it } from 'vitest';
import { browserAndSystem } from './browser-name';

describe('browserAndSystem', () => {
  it('names Chrome on Android from the user-agent text', () => {
    const ua =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
    expect(browserAndSystem(ua)).toEqual({ browser: 'Chrome', system: 'Android' });
  });

  it('names Safari on iOS, and Samsung Internet before Chrome', () => {
    const safari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    expect(browserAndSystem(safari)).toEqual({ browser: 'Safari', system: 'iOS' });
    const samsung =
      'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/115.0 Mobile Safari/537.36';
    expect(browserAndSystem(samsung).browser).toBe('Samsung Internet');
  });

  it("prefers userAgentData's brand and platform", () => {
    const data = {
      platform: 'Android',
      brands: [{ brand: 'Not/A)Brand' }, { brand: 'Chromium' }, { brand: 'Google Chrome' }],
    };
    expect(browserAndSystem('anything', data)).toEqual({ browser: 'Chrome', system: 'Android' });
  });

  it('names Chromium when it is the only brand', () => {
    expect(
      browserAndSystem('x', { platform: 'Linux', brands: [{ brand: 'Chromium' }, { brand: 'Not_A Brand' }] }),
    ).toEqual({
      browser: 'Chromium',
      system: 'Linux',
    });
  });

  it('falls back to a plain word for an unknown browser', () => {
    expect(browserAndSystem('curl/8')).toEqual({ browser: 'Browser', system: '' });
  });
});
