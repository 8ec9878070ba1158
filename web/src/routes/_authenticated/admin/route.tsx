import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AdminShell } from '../../../features/admin-console/admin-shell.tsx';

export const Route = createFileRoute('/_authenticated/admin')({
  component: function AdminLayout() {
    return (
      <AdminShell>
        <Outlet />
      </AdminShell>
    );
  },
});
