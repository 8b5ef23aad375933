import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';

/** What `useUnsavedChangesGuard` answers: whether an in-app navigation waits for the user, and the two ways on. */
export interface UnsavedChangesGuard {
  /** An in-app navigation was held back: ask the user (the 'Unsaved Changes' dialog). */
  blocked: boolean;
  /** Goes on with the held navigation ('Leave Page'). */
  proceed: () => void;
  /** Drops the held navigation and stays ('Stay on Page'). */
  reset: () => void;
  /** Stops holding until `when` turns true again, e.g. right after a save and before navigating on. */
  release: () => void;
}

type Navigate = (...args: unknown[]) => void;

/**
 * Routes the router's pushes and replaces through `hold`, which may call the original at once or later;
 * returns the function that puts the originals back.
 */
function interceptNavigation(navigator: object, hold: (go: () => void) => void): () => void {
  const nav = navigator as { push: Navigate; replace: Navigate };
  const { push, replace } = nav;
  nav.push = (...args) => hold(() => push.apply(navigator, args));
  nav.replace = (...args) => hold(() => replace.apply(navigator, args));
  return () => {
    nav.push = push;
    nav.replace = replace;
  };
}

/**
 * Holds back leaving a page with unsaved changes (spec §4 'Edit venue form'): while `when` is true, an in-app
 * navigation (a link, the header, `navigate()`) waits for `proceed` or `reset`, and closing or reloading the tab
 * gets the browser's own 'Leave site?' prompt (`beforeunload`).
 *
 * React Router's `useBlocker` only works under a data router, and the shell uses the declarative
 * `<BrowserRouter>` (it ships no data-router code), so this wraps the router's navigator the way `useBlocker`
 * holds a navigation: pushes and replaces are held while `when` is true. The browser's Back button: a pop cannot
 * be cancelled, so the first time `when` turns true a copy of the page's history entry is pushed on top; Back then
 * lands on the same page (nothing unmounts), the copy is pushed again and the pop waits like a navigation;
 * 'Leave Page' goes back past both. When nothing is unsaved any more, Back steps over the copy by itself.
 */
export function useUnsavedChangesGuard(when: boolean): UnsavedChangesGuard {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [held, setHeld] = useState<(() => void) | null>(null);
  /** False after `release` (or `proceed`) until `when` turns true again. */
  const holding = useRef(when);
  /** A copy of this page's history entry is on top of the history (see above). */
  const copyOnTop = useRef(false);

  useEffect(() => {
    const onPopState = () => {
      if (!copyOnTop.current) return;
      copyOnTop.current = false;
      if (!holding.current) {
        // Back left the copy for the same page: go on to where the user meant to go.
        window.history.back();
        return;
      }
      window.history.pushState(window.history.state, '', window.location.href);
      copyOnTop.current = true;
      setHeld(() => () => {
        copyOnTop.current = false;
        window.history.go(-2);
      });
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  useEffect(() => {
    holding.current = when;
    if (!when) return;
    if (!copyOnTop.current) {
      window.history.pushState(window.history.state, '', window.location.href);
      copyOnTop.current = true;
    }
    const restore = interceptNavigation(navigator, (go) => {
      if (holding.current) setHeld(() => go);
      else go();
    });
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!holding.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      restore();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [when, navigator]);

  const proceed = useCallback(() => {
    holding.current = false;
    setHeld(null);
    held?.();
  }, [held]);
  const reset = useCallback(() => setHeld(null), []);
  const release = useCallback(() => {
    holding.current = false;
  }, []);

  return { blocked: held !== null, proceed, reset, release };
}
