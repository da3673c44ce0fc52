/**
 * What a numbered map marker shows, apart from Leaflet (which needs a browser): the text inside the pin, escaped
 * because Leaflet's DivIcon takes HTML, and hidden from screen readers because the marker's title names it whole.
 */
export function markerHtml(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<span aria-hidden="true">${escaped}</span>`;
}

/** The class names of a marker's element: the pin, and the highlight when its list row is the chosen one. */
export function markerClassName(base: string, selectedClass: string, selected: boolean): string {
  return selected ? `${base} ${selectedClass}` : base;
}

/** A [latitude, longitude] pair Leaflet can draw: finite and on the globe (a row without coordinates has no pin). */
export function isDrawable(latitude: number | null | undefined, longitude: number | null | undefined): boolean {
  return (
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}
