import { createContext, useContext } from 'react';

/**
 * Venue Book's origin for links that leave the page (the public gallery link): the page's own origin in the app,
 * the gateway's in the embeddable media library, which runs on other teams' pages.
 */
export const AppOriginContext = createContext<string | null>(null);

export function useAppOrigin(): string {
  return useContext(AppOriginContext) ?? window.location.origin;
}
