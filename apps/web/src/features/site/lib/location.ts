/** Where the member is, when the browser may say it: a check-in carries it (docs/site.md § Location). */
export interface Fix {
  lat: number;
  lng: number;
}

/** How long the browser may take (its own timeout, and ours around the permission prompt). */
export const LOCATION_TIMEOUT_MS = 8_000;

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Asks `navigator.geolocation` once: the position, or null when there is none — refused, no
 * browser support, an error, or no answer within the timeout. Never rejects: a check-in goes
 * without a location.
 */
export function askLocation(timeoutMs = LOCATION_TIMEOUT_MS): Promise<Fix | null> {
  return new Promise((resolve) => {
    const geo = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geo || typeof geo.getCurrentPosition !== 'function') {
      resolve(null);
      return;
    }
    let done = false;
    // the browser's timeout starts only once the member has answered its prompt: ours does not wait
    const timer = setTimeout(() => finish(null), timeoutMs + 500);
    function finish(fix: Fix | null) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(fix);
    }
    try {
      geo.getCurrentPosition(
        (pos) => {
          const { latitude: lat, longitude: lng } = pos.coords;
          const ok =
            Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
          finish(ok ? { lat: round6(lat), lng: round6(lng) } : null);
        },
        () => finish(null),
        { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
      );
    } catch {
      finish(null);
    }
  });
}

/** 「30.274085, 120.155070」: the coordinates as shown beside 已定位. */
export function formatFix(lat: number, lng: number): string {
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}
