// `npm run dev -w @venuebook/mfe-venues`: the remote's pages on their own (port 3001).
import { AppProvider, StandaloneLayout } from '@venuebook/sdk';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { pages } from './routes.ts';

const Home = pages.home!;
const VenueDetail = pages['venue-detail']!;

const router = createBrowserRouter([
  {
    element: <StandaloneLayout name="mfe-venues" links={[{ to: '/', label: 'Home' }]} />,
    children: [
      { path: '/', element: <Home /> },
      { path: '/venue/:venueId', element: <VenueDetail /> },
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
