import { lazy, Suspense, useState } from 'react';

const SignInDialog = lazy(async () => ({ default: (await import('./SignInDialog')).SignInDialog }));

/** Loads the dialog (and the form and schema code behind it) only once it is first opened. */
export function LazySignInDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SignInDialog opened={opened} onClose={onClose} />
    </Suspense>
  );
}
