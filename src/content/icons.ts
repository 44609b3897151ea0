/**
 * The icons a document may name (`"icon": "lock"`). Only these reach the page's chunk: a document
 * cannot pull in the whole icon set.
 */
import {
  IconAlertTriangle,
  IconBrain,
  IconBulb,
  IconCertificate,
  IconClock,
  IconDeviceGamepad2,
  IconEye,
  IconFlag,
  IconHandStop,
  IconLock,
  IconMessageOff,
  IconMoodKid,
  IconPalette,
  IconPuzzle,
  IconShieldCheck,
  IconTarget,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react';

export const DOCUMENT_ICONS = {
  'alert-triangle': IconAlertTriangle,
  brain: IconBrain,
  bulb: IconBulb,
  certificate: IconCertificate,
  clock: IconClock,
  eye: IconEye,
  flag: IconFlag,
  gamepad: IconDeviceGamepad2,
  'hand-stop': IconHandStop,
  lock: IconLock,
  'message-off': IconMessageOff,
  'mood-kid': IconMoodKid,
  palette: IconPalette,
  puzzle: IconPuzzle,
  'shield-check': IconShieldCheck,
  target: IconTarget,
  'user-shield': IconUserShield,
  users: IconUsers,
} as const;

export type DocumentIconName = keyof typeof DOCUMENT_ICONS;
