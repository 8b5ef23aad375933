import { AppProvider, QueryProvider, SessionProvider } from '@venuebook/sdk';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { registerAppRemotes } from './federation/remotes.ts';
import { AppRoutes } from './routes/router.tsx';

registerAppRemotes();

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <SessionProvider>
        <QueryProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </QueryProvider>
      </SessionProvider>
    </AppProvider>
  </StrictMode>,
);
