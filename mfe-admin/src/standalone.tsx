// `npm run dev -w @venuebook/mfe-admin`: the remote's pages on their own.
import { AppProvider, EmptyState, StandaloneLayout } from '@venuebook/sdk';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { pages } from './routes.ts';

const router = createBrowserRouter([
  {
    element: <StandaloneLayout name="mfe-admin" />,
    children: [
      {
        path: '*',
        element: <EmptyState title="No pages yet" description={`mfe-admin exposes ${Object.keys(pages).length} pages.`} />,
      },
    ],
  },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <Suspense>
        <RouterProvider router={router} />
      </Suspense>
    </AppProvider>
  </StrictMode>,
);
