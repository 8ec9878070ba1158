import { createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../../ui-kit/shell/public-layout.tsx';

/** The member screens (SPEC §2, paths not shown there) in the site frame, behind the login guard. */
export const Route = createFileRoute('/_authenticated/_member')({ component: PublicLayout });
