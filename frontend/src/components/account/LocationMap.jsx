// A map of the saved delivery location (spec section 9: zoom 15, 400 px high) with a marker.
// Leaflet is loaded on first use; without network the tiles stay blank but the map, its controls
// and the marker still render.
import { useEffect, useRef, useState } from "react";

export const MAP_ZOOM = 15;
export const MAP_HEIGHT_PX = 400;

export function loadLeaflet() {
  return import(/* webpackChunkName: "leaflet" */ "../../lib/leaflet");
}

export default function LocationMap({ latitude, longitude, zoom = MAP_ZOOM }) {
  const container = useRef(null);
  const map = useRef(null);
  const marker = useRef(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadLeaflet()
      .then(({ L, markerIcon, TILE_URL, TILE_ATTRIBUTION }) => {
        if (cancelled || !container.current) return;
        const position = [latitude, longitude];
        if (!map.current) {
          map.current = L.map(container.current, { scrollWheelZoom: false });
          L.tileLayer(TILE_URL, { maxZoom: 19, attribution: TILE_ATTRIBUTION }).addTo(map.current);
          marker.current = L.marker(position, { icon: markerIcon, keyboard: false }).addTo(map.current);
        }
        map.current.setView(position, zoom);
        marker.current.setLatLng(position);
      })
      .catch((error) => {
        console.error("The map could not be loaded", error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [latitude, longitude, zoom]);

  useEffect(
    () => () => {
      map.current?.remove();
      map.current = null;
      marker.current = null;
    },
    [],
  );

  if (failed) return null;
  return (
    <div
      ref={container}
      className="location-map"
      style={{ height: MAP_HEIGHT_PX }}
      data-latitude={latitude}
      data-longitude={longitude}
      data-testid="location-map"
    />
  );
}
