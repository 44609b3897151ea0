import { Button, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogin } from '@tabler/icons-react';
import { FormattedMessage } from '../../i18n';
import { LazySignInDialog as SignInDialog } from '../SignInDialog/LazySignInDialog';

export function SignInButton({ children, ...props }: ButtonProps & { children?: React.ReactNode }) {
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Button leftSection={<IconLogin size={16} />} {...props} onClick={dialog.open}>
        {children ?? <FormattedMessage id="header.signIn" defaultMessage="Sign In" />}
      </Button>
      <SignInDialog opened={opened} onClose={dialog.close} />
    </>
  );
}
