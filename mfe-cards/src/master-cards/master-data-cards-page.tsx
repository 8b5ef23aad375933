import { Box, Button, Flex, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { CardInputParsed } from '@venuebook/domain';
import {
  api,
  cardQueries,
  DEPARTMENTS,
  errorMessage,
  LoadError,
  notify,
  useMutation,
  useQuery,
  useQueryClient,
  type DataCard,
  type Department,
} from '@venuebook/sdk';
import { useMemo, useState } from 'react';
import { LuArchive, LuPlus } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { AdminOnly } from '../shared/admin-only.tsx';
import { DeleteTemplateDialog } from './delete-template-dialog.tsx';
import { TemplateBoard } from './template-board.tsx';
import { TemplateFormDialog } from './template-form-dialog.tsx';
import { groupTemplates, templateInput } from './template-groups.ts';
import { useTemplateDrop } from './use-template-drop.ts';

/** Master Data Card Templates (/admin/master-data-cards, spec §2): admins and owners; others see 'Access Denied'. */
export function MasterDataCardsPage() {
  return (
    <AdminOnly action="card.template.manage">
      <MasterTemplates />
    </AdminOnly>
  );
}

function MasterTemplates() {
  const queryClient = useQueryClient();
  const templates = useQuery(cardQueries.templates());
  const groups = useMemo(() => groupTemplates(templates.data?.items ?? []), [templates.data]);
  const [editing, setEditing] = useState<{ template: DataCard | null; department: Department } | undefined>();
  const [deleting, setDeleting] = useState<DataCard | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: cardQueries.all });
  const drop = useTemplateDrop(refresh);

  const save = useMutation({
    mutationFn: ({ input, template }: { input: CardInputParsed; template: DataCard | null }) => {
      const body = templateInput(input, template);
      return template ? api.cardTemplates.update(template.id, body) : api.cardTemplates.create(body);
    },
    onSuccess: async (_card, { template }) => {
      await refresh();
      setEditing(undefined);
      notify({ type: 'success', title: template ? 'Template card updated' : 'Template card created' });
    },
    onError: (error, { template }) =>
      notify({ type: 'error', title: template ? 'Error updating template' : 'Error creating card', description: errorMessage(error) }),
  });

  return (
    <Stack gap={{ base: '4', md: '6' }} w="full" data-testid="master-cards-page">
      <Flex gap="3" justify="space-between" align={{ base: 'stretch', md: 'end' }} direction={{ base: 'column', md: 'row' }}>
        <Box>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
            Master Data Card Templates
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Templates by department. Drag a card to reorder it, or onto another department to move it there.
          </Text>
        </Box>
        <HStack gap="2" flexShrink="0">
          <Button asChild variant="outline" size="sm" flex={{ base: '1', md: 'none' }}>
            <RouterLink to="/admin/deleted-data-cards" data-testid="deleted-cards-link">
              <LuArchive /> Deleted Data Cards
            </RouterLink>
          </Button>
          <Button
            colorPalette="brand"
            size="sm"
            flex={{ base: '1', md: 'none' }}
            onClick={() => setEditing({ template: null, department: DEPARTMENTS[0] })}
            data-testid="new-template"
          >
            <LuPlus /> New Template
          </Button>
        </HStack>
      </Flex>

      {templates.isPending ? (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="4" data-testid="master-cards-loading">
          {DEPARTMENTS.slice(0, 4).map((department) => (
            <Skeleton key={department} h="48" rounded="l3" />
          ))}
        </SimpleGrid>
      ) : templates.isError ? (
        <LoadError title="Could not load the templates" error={templates.error} onRetry={() => void templates.refetch()} testId="master-cards-error" />
      ) : (
        <TemplateBoard
          groups={groups}
          busy={drop.busy}
          onDrop={drop.onDrop}
          onAdd={(department) => setEditing({ template: null, department })}
          onEdit={(template) => setEditing({ template, department: template.primaryDepartment })}
          onDelete={setDeleting}
        />
      )}

      <TemplateFormDialog
        editing={editing}
        saving={save.isPending}
        onSave={(input) => save.mutate({ input, template: editing?.template ?? null })}
        onClose={() => setEditing(undefined)}
      />
      <DeleteTemplateDialog deleting={deleting} onClose={() => setDeleting(null)} refresh={refresh} />
    </Stack>
  );
}
