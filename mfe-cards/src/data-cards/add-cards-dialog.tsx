import { Box, Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Checkbox } from '@chakra-ui/react/checkbox';
import {
  api,
  cardQueries,
  DialogShell,
  errorMessage,
  notify,
  SELECT_CARDS_REQUIRED,
  useMutation,
  useQuery,
  useQueryClient,
  type Department,
} from '@venuebook/sdk';
import { useState } from 'react';
import { addedCardsText, DATA_CARD_TEXT, templatesToAdd } from './data-card-rules.ts';
import { DepartmentSelect } from '../shared/department-select.tsx';

export interface AddCardsDialogProps {
  venueId: string;
  open: boolean;
  /** The screen's department (the dialog starts there). */
  department: Department;
  onClose: () => void;
}

/** 'Add cards' (spec §2, §5 'Adding cards'): the department's templates not yet on the venue, checked ones added. */
export function AddCardsDialog({ venueId, open, department: initialDepartment, onClose }: AddCardsDialogProps) {
  const queryClient = useQueryClient();
  const [department, setDepartment] = useState(initialDepartment);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);

  // Each opening starts at the screen's department with nothing checked (state adjusted while rendering).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setDepartment(initialDepartment);
      setSelected(new Set());
      setError(null);
    }
  }

  const templates = useQuery({ ...cardQueries.departmentTemplates(department), enabled: open });
  const present = useQuery({ ...cardQueries.venueDepartment(venueId, department), enabled: open });
  const available = templates.data && present.data ? templatesToAdd(templates.data.items, present.data.items) : undefined;
  const loadError = templates.error ?? present.error;

  const add = useMutation({
    mutationFn: (ids: string[]) => api.venueCards.addTemplates(venueId, department, ids),
    onSuccess: async (result) => {
      queryClient.setQueryData(cardQueries.venueDepartment(venueId, department).queryKey, { items: result.items });
      await queryClient.invalidateQueries({ queryKey: cardQueries.venue(venueId) });
      notify({ type: 'success', title: addedCardsText(result.added, department) });
      onClose();
    },
    onError: (failure) => notify({ type: 'error', title: DATA_CARD_TEXT.addFailed, description: errorMessage(failure) }),
  });

  const submit = () => {
    const ids = (available ?? []).filter((template) => selected.has(template.id)).map((template) => template.id);
    if (ids.length === 0) {
      setError(SELECT_CARDS_REQUIRED);
      return;
    }
    add.mutate(ids);
  };

  const toggle = (id: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    setSelected(next);
    setError(null);
  };

  return (
    <DialogShell
      open={open}
      onDismiss={onClose}
      busy={add.isPending}
      title="Add Cards"
      testId="add-cards-dialog"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={add.isPending} data-testid="add-cards-cancel">
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={add.isPending} disabled={!available || available.length === 0} data-testid="add-cards-submit">
            Add Selected
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <DepartmentSelect
          value={department}
          disabled={add.isPending}
          onChange={(next) => {
            setDepartment(next);
            setSelected(new Set());
            setError(null);
          }}
          testId="add-cards-department"
        />
        {loadError ? (
          <Text color="fg.error" role="alert">
            {errorMessage(loadError)}
          </Text>
        ) : !available ? (
          <Stack gap="2" aria-busy="true">
            <Skeleton h="6" />
            <Skeleton h="6" />
          </Stack>
        ) : available.length === 0 ? (
          <Text color="fg.muted" data-testid="add-cards-none">
            Every template of {department} is on this venue already.
          </Text>
        ) : (
          <Stack gap="2" maxH="20rem" overflowY="auto" data-testid="add-cards-list">
            {available.map((template) => (
              <Checkbox.Root
                key={template.id}
                alignItems="start"
                colorPalette="brand"
                checked={selected.has(template.id)}
                onCheckedChange={(details) => toggle(template.id, details.checked === true)}
                data-testid="add-cards-option"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control mt="0.5" />
                <Checkbox.Label>
                  <Box>
                    <Text fontWeight="medium">{template.title}</Text>
                    {template.description ? (
                      <Text fontSize="sm" color="fg.muted" fontWeight="normal">
                        {template.description}
                      </Text>
                    ) : null}
                  </Box>
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        )}
        {error ? (
          <Text color="fg.error" fontSize="sm" role="alert" data-testid="add-cards-error">
            {error}
          </Text>
        ) : null}
      </Stack>
    </DialogShell>
  );
}
