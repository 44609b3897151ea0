import type { ComponentType } from 'react';
import {
  IconBallFootball,
  IconBrain,
  IconCar,
  IconCards,
  IconChess,
  IconDeviceGamepad2,
  IconFlame,
  IconMap,
  IconMoodKid,
  IconPuzzle,
  IconRocket,
  IconSword,
  IconTarget,
  IconUsers,
  type IconProps,
} from '@tabler/icons-react';

const byName: Record<string, ComponentType<IconProps>> = {
  action: IconSword,
  sword: IconSword,
  swords: IconSword,
  adventure: IconMap,
  map: IconMap,
  puzzle: IconPuzzle,
  brain: IconBrain,
  racing: IconCar,
  car: IconCar,
  sports: IconBallFootball,
  ball: IconBallFootball,
  football: IconBallFootball,
  strategy: IconChess,
  chess: IconChess,
  arcade: IconRocket,
  rocket: IconRocket,
  casual: IconCards,
  cards: IconCards,
  card: IconCards,
  multiplayer: IconUsers,
  users: IconUsers,
  kids: IconMoodKid,
  kid: IconMoodKid,
  shooter: IconTarget,
  target: IconTarget,
  popular: IconFlame,
  flame: IconFlame,
  fire: IconFlame,
};

interface CategoryIconProps {
  /** The category's icon value from the server (an icon name or an emoji) and its slug as a fallback. */
  icon?: string | null;
  slug?: string;
  size?: number;
}

export function CategoryIcon({ icon, slug, size = 16 }: CategoryIconProps) {
  // Known categories get a drawn icon (emoji fonts vary by system); others keep the server's emoji.
  const key = (icon ?? '').trim().toLowerCase().replace(/^icon-?/, '');
  const Named = byName[key] ?? (slug ? byName[slug.toLowerCase()] : undefined);
  if (Named) return <Named size={size} aria-hidden />;
  if (icon && !/^[\w-]+$/.test(icon.trim())) {
    return (
      <span aria-hidden style={{ fontSize: size, lineHeight: 1 }}>
        {icon}
      </span>
    );
  }
  return <IconDeviceGamepad2 size={size} aria-hidden />;
}
