import { Portal, Spinner, Stack } from '@chakra-ui/react';
import { createToaster, Toaster as ChakraToaster, Toast } from '@chakra-ui/react/toast';

/** The app-wide toast queue, loaded with the first toast (`notify`). */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true });

/** The toasts of `toaster` (Chakra's Toaster), rendered by `Toaster` from the first toast on. */
export function ToasterView() {
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
