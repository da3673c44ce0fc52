import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The way back from a role's add or edit screen to `/admin/roles`. */
export function BackToRoles() {
  return (
    <Button component={Link} to="/admin/roles" variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />}>
      Back to Roles
    </Button>
  );
}
