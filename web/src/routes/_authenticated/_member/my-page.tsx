import { createFileRoute } from '@tanstack/react-router';
import { MyPage } from '../../../features/my-page/my-page.tsx';

export const Route = createFileRoute('/_authenticated/_member/my-page')({ component: MyPage });
