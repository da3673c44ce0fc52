import 'leaflet/dist/leaflet.css';
import { VisuallyHidden } from '@mantine/core';
import { divIcon, type LatLngTuple, type Marker as LeafletMarker } from 'leaflet';
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import {
  AttributionControl,
  CircleMarker,
  MapContainer,
  Marker,
  Popup,
  TileLayer,
  useMap,
  useMapEvent,
  ZoomControl,
} from 'react-leaflet';
import { mapTileUrl, OSM_COPYRIGHT_LINK } from '../lib/map-settings';
import { useI18n } from '../lib/i18n';
import { markerClassName, markerHtml } from './MapView.markers';
import classes from './MapView.module.css';

/** One numbered pin: `text` is what the pin shows (the list's number), `label` names it for keyboard and screen reader. */
export interface MapMarker {
  key: string;
  position: LatLngTuple;
  text: string;
  label: string;
  /** Shown in the pin's popup when it is chosen. */
  popup?: ReactNode;
}

export interface MapViewProps {
  /** Where the map looks; moving it re-centres the map (a location search, 're-centre on me'). */
  center: LatLngTuple;
  zoom: number;
  /** Names the map's region for screen readers, e.g. 'Map of merchants near you'. */
  label: string;
  markers: readonly MapMarker[];
  /** The marker whose list row was chosen: it is highlighted, panned to and its popup opened. */
  selectedKey?: string | null;
  onMarkerSelect?: (key: string) => void;
  /** A dot at the searched or the browser's position (not focusable: the screen says it in words). */
  origin?: LatLngTuple;
}

/** The region's name and the keyboard help on Leaflet's own container (it is the focusable element). */
function ContainerLabel({ label, helpId }: { label: string; helpId: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
    container.setAttribute('aria-describedby', helpId);
  }, [map, label, helpId]);
  return null;
}

/** Leaflet names a popup's close button 'Close popup', with no option to change it: named on opening. */
function PopupCloseLabel({ label }: { label: string }) {
  useMapEvent('popupopen', (event) => {
    event.popup.getElement()?.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', label);
  });
  return null;
}

/** MapContainer reads `center` once; later centres are applied here. */
function FollowCenter({ center, zoom }: { center: LatLngTuple; zoom: number }) {
  const map = useMap();
  const [lat, lng] = center;
  useEffect(() => {
    map.setView([lat, lng], zoom);
  }, [map, lat, lng, zoom]);
  return null;
}

/**
 * Leaflet measures its container once: after the viewport (or the page's layout) shrinks or grows, its panes keep
 * the old size, tiles stay missing and pins sit off the map. A ResizeObserver on the container tells it,
 * and the map keeps its centre.
 */
function FollowSize() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize({ animate: false }));
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/**
 * A Leaflet map (react-leaflet) of numbered pins: the tiles come from MAP_TILE_URL (lib/map-settings.ts), the pins are
 * DivIcons (no image files). Keyboard use: the map takes focus (arrow keys pan, + and - zoom) and each pin is a
 * button reached with Tab, named by its label, opened with Enter. A screen shows a list beside it as the accessible
 * alternative; choosing a row sets `selectedKey`. Import it only from a lazily loaded page: Leaflet and its CSS
 * then stay out of the first bundle (the sign-in page).
 */
export function MapView({ center, zoom, label, markers, selectedKey, onMarkerSelect, origin }: MapViewProps) {
  const { t, language } = useI18n();
  const helpId = useId();
  const tileUrl = useMemo(() => mapTileUrl(), []);
  const markerRefs = useRef(new Map<string, LeafletMarker>());

  return (
    <div>
      <VisuallyHidden id={helpId}>{t('kit.mapKeyboardHelp')}</VisuallyHidden>
      <MapContainer
        center={center}
        zoom={zoom}
        keyboard
        scrollWheelZoom={false}
        zoomControl={false}
        attributionControl={false}
        className={classes.map}
      >
        <ContainerLabel label={label} helpId={helpId} />
        <FollowCenter center={center} zoom={zoom} />
        <FollowSize />
        <PopupCloseLabel label={t('kit.closePopup')} />
        {/* Leaflet's own controls say 'Zoom in' and 'A JavaScript library for interactive maps' and read their
            texts once: ours are in the page's language, made again (the key) when the language changes. */}
        <ZoomControl key={`zoom-${language}`} zoomInTitle={t('kit.zoomIn')} zoomOutTitle={t('kit.zoomOut')} />
        <AttributionControl
          key={`attribution-${language}`}
          prefix={`<a href="https://leafletjs.com" title="${t('kit.leafletTitle')}">Leaflet</a>`}
        />
        <TileLayer
          key={`tiles-${language}`}
          url={tileUrl}
          attribution={`&copy; ${t('kit.mapAttribution', { osm: OSM_COPYRIGHT_LINK })}`}
        />
        {origin && (
          <CircleMarker
            center={origin}
            radius={8}
            interactive={false}
            pathOptions={{ color: '#1864ab', fillColor: '#1864ab', fillOpacity: 0.5 }}
          />
        )}
        {markers.map((marker) => (
          <NumberedMarker
            key={marker.key}
            marker={marker}
            selected={marker.key === selectedKey}
            onSelect={onMarkerSelect}
            refs={markerRefs.current}
          />
        ))}
        {/* After the pins, so the chosen one is on the map when its popup opens. */}
        <SelectedMarker selectedKey={selectedKey ?? null} markers={markers} refs={markerRefs.current} />
      </MapContainer>
    </div>
  );
}

function NumberedMarker({
  marker,
  selected,
  onSelect,
  refs,
}: {
  marker: MapMarker;
  selected: boolean;
  onSelect?: (key: string) => void;
  refs: Map<string, LeafletMarker>;
}) {
  const icon = useMemo(
    () =>
      divIcon({
        className: markerClassName(classes.marker!, classes.selected!, selected),
        html: markerHtml(marker.text),
        iconSize: [30, 30],
        iconAnchor: [15, 15],
        popupAnchor: [0, -15],
      }),
    [marker.text, selected],
  );
  return (
    <Marker
      position={marker.position}
      icon={icon}
      title={marker.label}
      keyboard
      ref={(instance) => {
        if (instance) refs.set(marker.key, instance);
        else refs.delete(marker.key);
      }}
      eventHandlers={{ click: () => onSelect?.(marker.key) }}
    >
      {marker.popup && <Popup>{marker.popup}</Popup>}
    </Marker>
  );
}

/** The chosen row's pin: the map pans to it and opens its popup (the list stays where the keyboard is). */
function SelectedMarker({
  selectedKey,
  markers,
  refs,
}: {
  selectedKey: string | null;
  markers: readonly MapMarker[];
  refs: Map<string, LeafletMarker>;
}) {
  const map = useMap();
  const chosen = markers.find((m) => m.key === selectedKey);
  const [lat, lng] = chosen?.position ?? [NaN, NaN];
  useEffect(() => {
    if (!selectedKey || Number.isNaN(lat)) return;
    map.panTo([lat, lng]);
    refs.get(selectedKey)?.openPopup();
  }, [map, selectedKey, lat, lng, refs]);
  return null;
}
