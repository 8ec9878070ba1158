import { createFileRoute } from '@tanstack/react-router';
import { EscrowGuidePage } from '../../features/home/escrow-guide-page.tsx';

export const Route = createFileRoute('/_public/escrow-guide')({ component: EscrowGuidePage });
