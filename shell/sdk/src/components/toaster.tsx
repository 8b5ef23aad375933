import { Toaster as ChakraToaster, createToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';

/** The app-wide toast queue (one instance: the sdk is a federation singleton). */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true });

export interface NotifyOptions {
  type: 'success' | 'error' | 'info' | 'warning';
  title: string;
  description?: string | undefined;
  /** Milliseconds; Chakra's default per type when absent. */
  duration?: number | undefined;
}

/**
 * Shows one toast, replacing the one on screen (spec §9: one toast at a time). Use this rather than
 * `toaster.create` so every remote follows the same rule.
 */
export function notify({ type, title, description, duration }: NotifyOptions): string {
  toaster.dismiss();
  return toaster.create({ type, title, description, duration, closable: true });
}

/** Renders the toasts of `toaster`; mounted once by `AppProvider`. */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast" data-toast-type={toast.type}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            {toast.closable ? <Toast.CloseTrigger /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
