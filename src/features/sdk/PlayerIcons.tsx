import { IconMaximize, IconMinimize, IconVolume, IconVolumeOff } from '@tabler/icons-react';

/** The sound button's icon: what the sound is now. */
export function SoundIcon({ muted, size }: { muted: boolean; size: number }) {
  return muted ? <IconVolumeOff size={size} /> : <IconVolume size={size} />;
}

/** The fullscreen button's icon: what pressing it does. */
export function FullscreenIcon({ active, size }: { active: boolean; size: number }) {
  return active ? <IconMinimize size={size} /> : <IconMaximize size={size} />;
}
