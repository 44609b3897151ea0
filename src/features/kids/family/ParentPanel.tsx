import { Stack } from '@mantine/core';
import type { RouterOutputs } from '../../../trpc';
import { AddChild } from './AddChild';
import { FamilySettings } from './FamilySettings';
import { ProfileCard } from './ProfileCard';

/**
 * What a signed-in parent manages at /family: the PIN and time zone, each child's profile with its
 * devices, limits and activity, and adding a child. Its forms (selects, number inputs, a table)
 * are most of the page's code, and a signed-out visitor only sees the sign-in prompt, so the page
 * loads it for parents alone (issue 57).
 */
export function ParentPanel({ family }: { family: RouterOutputs['family']['get'] }) {
  return (
    <Stack gap="md" mb="xl">
      <FamilySettings hasPin={family.hasPin} timeZone={family.timeZone} />
      {family.profiles.map((profile) => (
        <ProfileCard key={profile.id} profile={profile} />
      ))}
      <AddChild />
    </Stack>
  );
}
