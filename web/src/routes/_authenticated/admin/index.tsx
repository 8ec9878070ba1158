import { createFileRoute } from '@tanstack/react-router';
import { AdminIndexPage } from '../../../features/admin-console/admin-index-page.tsx';

export const Route = createFileRoute('/_authenticated/admin/')({ component: AdminIndexPage });
