import { createFileRoute } from '@tanstack/react-router';
import { CompanyPage } from '../../features/home/company-page.tsx';

export const Route = createFileRoute('/_public/company')({ component: CompanyPage });
