import { useState } from 'react';
import { Alert, Anchor, Button, Center, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowLeft, IconShieldLock } from '@tabler/icons-react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import type { User } from '../schemas';
import { useAuth } from '../features/auth/AuthProvider';
import { CodeForm } from '../features/auth/CodeForm';
import { lazyRules } from '../features/forms/lazyRules';
import { usePageTitle } from '../features/usePageTitle';
import { toast } from '../notify';

const rules = lazyRules(() => import('../schemas').then((schemas) => schemas.loginInput));

export function AdminLoginPage() {
  usePageTitle('Admin Login');
  const { user, login } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' }, validate: rules.validate });

  if (user?.role === 'ADMIN' && !busy && !codeFor) return <Navigate to="/admin" replace />;

  /** Spec section 8: only an ADMIN gets in; anyone else sees the inline denial and a toast. */
  const admit = (signedIn: User) => {
    if (signedIn.role !== 'ADMIN') {
      setCodeFor(null);
      setError('Access denied. Admin privileges required.');
      toast('Access Denied', 'Admin privileges required.', 'error');
      return;
    }
    toast('Welcome Administrator', 'You are signed in to the admin dashboard.');
    navigate('/admin', { replace: true });
  };

  const submit = form.onSubmit(async ({ email }) => {
    setBusy(true);
    setError(null);
    try {
      const address = email.trim().toLowerCase();
      const answer = await login(address);
      if ('token' in answer) admit(answer.user);
      else setCodeFor(address);
    } catch (cause) {
      console.error('Login failed', cause);
      setError('Login failed. Please check your email.');
      toast('Login Failed', 'Please check your email and try again.', 'error');
    } finally {
      setBusy(false);
    }
  });

  return (
    <Center py={60} px="md">
      <Paper withBorder radius="xl" p={{ base: 'lg', sm: 40 }} w="100%" maw={440} shadow="md">
        <Stack>
          <Stack align="center" gap="xs" ta="center">
            <ThemeIcon size={60} radius="xl" variant="gradient" gradient={{ from: 'violet', to: 'pink' }} aria-hidden>
              <IconShieldLock size={32} />
            </ThemeIcon>
            <Title order={1} fz={28}>
              Admin Login
            </Title>
            <Text c="dimmed" size="sm">
              Sign in with an administrator e-mail address.
            </Text>
          </Stack>
          {error && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert">
              {error}
            </Alert>
          )}
          {codeFor ? (
            <CodeForm
              email={codeFor}
              onVerified={admit}
              onBack={() => setCodeFor(null)}
              submitLabel="Login as Administrator"
              busyLabel="Authenticating..."
            />
          ) : (
            <form onSubmit={submit} onFocus={rules.preload} noValidate>
              <Stack>
                <TextInput
                  label="Email"
                  type="email"
                  required
                  autoComplete="email"
                  placeholder="admin@example.com"
                  {...form.getInputProps('email')}
                />
                <Button type="submit" fullWidth disabled={busy} size="md">
                  {busy ? 'Authenticating...' : 'Login as Administrator'}
                </Button>
              </Stack>
            </form>
          )}
          <Anchor component={Link} to="/" size="sm" ta="center">
            <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: -2 }} /> Back to Homepage
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
