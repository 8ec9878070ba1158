import { createFileRoute } from '@tanstack/react-router';
import { FindPage } from '../../features/auth/find-page.tsx';

export const Route = createFileRoute('/_public/find')({ component: FindPage });
