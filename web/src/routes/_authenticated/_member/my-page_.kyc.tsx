import { createFileRoute } from '@tanstack/react-router';
import { KycPage } from '../../../features/kyc/kyc-page.tsx';

export const Route = createFileRoute('/_authenticated/_member/my-page_/kyc')({
  component: KycPage,
});
