import { MESSAGES } from '@ebt/core/messages';
import { Page } from '../../components/Page';

/** `/admin` and `/admin/home` (A§2, resolution 8): the admin home shows only 'Admin Home'. */
export default function AdminHomePage() {
  return <Page title={MESSAGES.ADMIN_HOME} />;
}
