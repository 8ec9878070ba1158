import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import 'mantine-datatable/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { initI18n } from './i18n/i18n.ts';
import { readLocaleCookie } from './i18n/locales.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
await initI18n(readLocaleCookie(document.cookie));
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
