import { describe, expect, it } from 'vitest';
import { isDrawable, markerClassName, markerHtml } from './MapView.markers';

describe('a numbered map marker', () => {
  it('shows its text hidden from screen readers (the title names the pin) and escaped, as DivIcon takes HTML', () => {
    expect(markerHtml('12')).toBe('<span aria-hidden="true">12</span>');
    expect(markerHtml('<b>"x"</b>')).toBe('<span aria-hidden="true">&#60;b&#62;&#34;x&#34;&#60;/b&#62;</span>');
  });

  it('adds the highlight class only to the chosen pin', () => {
    expect(markerClassName('pin', 'chosen', false)).toBe('pin');
    expect(markerClassName('pin', 'chosen', true)).toBe('pin chosen');
  });

  it('draws only coordinates on the globe', () => {
    expect(isDrawable(35.4676, -97.5164)).toBe(true);
    expect(isDrawable(null, -97)).toBe(false);
    expect(isDrawable(91, 0)).toBe(false);
    expect(isDrawable(0, -181)).toBe(false);
    expect(isDrawable(Number.NaN, 0)).toBe(false);
  });
});
