import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { heldInKidsZone } from './parent-lock-store';

/**
 * On the site's own pages: a device left in the locked Kids Zone (the app reopened, an address
 * typed, a full page load) goes back there; only the parent PIN lets it out (KidsLayout).
 * Read after mount: the server's rendering knows nothing of this device's storage.
 */
export function KidsZoneReturn() {
  const navigate = useNavigate();
  useEffect(() => {
    if (heldInKidsZone()) void navigate('/kids', { replace: true });
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- as the layout mounts only: navigate() is a new function at each address
  }, []);
  return null;
}
