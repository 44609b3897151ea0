import { ThemeIcon } from '@mantine/core';
import {
  IconBolt,
  IconClock,
  IconCrown,
  IconDiamond,
  IconFlag,
  IconFlame,
  IconFlower,
  IconHeart,
  IconLock,
  IconMedal,
  IconPuzzle,
  IconRocket,
  IconShield,
  IconSparkles,
  IconStar,
  IconTarget,
  IconTrophy,
  type Icon,
} from '@tabler/icons-react';
import type { MedalIcon as MedalIconName } from '../../../shared/schemas';

/** The drawing of each icon a medal may declare (shared/schemas/medals.ts MEDAL_ICONS). */
const icons: Record<MedalIconName, Icon> = {
  trophy: IconTrophy,
  star: IconStar,
  medal: IconMedal,
  crown: IconCrown,
  flame: IconFlame,
  bolt: IconBolt,
  target: IconTarget,
  heart: IconHeart,
  rocket: IconRocket,
  gem: IconDiamond,
  clock: IconClock,
  shield: IconShield,
  flower: IconFlower,
  puzzle: IconPuzzle,
  sparkles: IconSparkles,
  flag: IconFlag,
};

/** A medal's icon in a round badge: gold once unlocked, grey while locked, a lock for a secret one still hidden. */
export function MedalIcon({ icon, unlocked, size = 40 }: { icon: MedalIconName | null; unlocked: boolean; size?: number }) {
  const Drawn = icon ? icons[icon] : IconLock;
  return (
    <ThemeIcon
      size={size}
      radius="xl"
      variant={unlocked ? 'gradient' : 'light'}
      gradient={{ from: 'yellow.4', to: 'orange.6', deg: 135 }}
      color="gray"
      aria-hidden
      style={{ flexShrink: 0 }}
    >
      <Drawn size={Math.round(size * 0.55)} stroke={1.8} />
    </ThemeIcon>
  );
}
