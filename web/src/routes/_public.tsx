import { createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../ui-kit/shell/public-layout.tsx';

export const Route = createFileRoute('/_public')({ component: PublicLayout });
