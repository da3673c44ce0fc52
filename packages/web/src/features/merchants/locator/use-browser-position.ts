import { DEFAULT_MAP_CENTER } from '@ebt/core/constants';
import { useCallback, useEffect, useState } from 'react';
import type { MapPoint } from './api';

/** How long the browser may take to answer (a person may also leave its permission prompt open). */
const POSITION_TIMEOUT_MS = 10_000;

export type PositionState =
  | { status: 'locating' }
  | { status: 'found'; point: MapPoint }
  /** B§7: no position (refused, unavailable, timed out): the default point, with 'Unable to determine current location.' */
  | { status: 'failed'; point: MapPoint };

const DEFAULT_POINT: MapPoint = { ...DEFAULT_MAP_CENTER };

/** Absent in an insecure context (plain HTTP on another host) and in some embedded browsers. */
function browserGeolocation(): Geolocation | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.geolocation;
}

/**
 * The browser's position, asked for when the screen opens and again on `locate()` (the re-centre-on-me control).
 * A refusal or any failure answers the default point of the south-central United States (core's DEFAULT_MAP_CENTER,
 * docs/decisions), so the map always has somewhere to look.
 */
export function useBrowserPosition() {
  const [state, setState] = useState<PositionState>(() =>
    browserGeolocation() ? { status: 'locating' } : { status: 'failed', point: DEFAULT_POINT },
  );
  // Bumped by locate(); the effect below asks again.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    const geolocation = browserGeolocation();
    if (!geolocation) return; // the state says failed from the start
    geolocation.getCurrentPosition(
      (position) => {
        if (current) {
          setState({
            status: 'found',
            point: { latitude: position.coords.latitude, longitude: position.coords.longitude },
          });
        }
      },
      () => {
        if (current) setState({ status: 'failed', point: DEFAULT_POINT });
      },
      { timeout: POSITION_TIMEOUT_MS, maximumAge: 60_000 },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const locate = useCallback(() => {
    setState(browserGeolocation() ? { status: 'locating' } : { status: 'failed', point: DEFAULT_POINT });
    setAttempt((n) => n + 1);
  }, []);

  return { position: state, locate };
}
