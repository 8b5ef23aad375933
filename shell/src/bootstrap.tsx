import { AppProvider, QueryProvider, SessionProvider } from '@venuebook/sdk';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { registerAppRemotes } from './federation/remotes.ts';
import { createAppRouter } from './routes/router.tsx';

registerAppRemotes();
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <SessionProvider>
        <QueryProvider>
          <RouterProvider router={router} />
        </QueryProvider>
      </SessionProvider>
    </AppProvider>
  </StrictMode>,
);
