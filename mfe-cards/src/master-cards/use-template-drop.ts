import { api, cardQueries, DEPARTMENTS, errorMessage, notify, useMutation, useQueryClient, type DataCardList } from '@venuebook/sdk';
import type { TemplateDrop, TemplateGroups } from './template-groups.ts';

const templatesQuery = cardQueries.templates();

/** A template dropped on the board: reordered in its department or moved to another, shown at once and then saved. */
export function useTemplateDrop(refresh: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  /** Shows the new grouping at once (the drag's result) until the server's answer replaces it. */
  const showGroups = async (next: TemplateGroups) => {
    await queryClient.cancelQueries({ queryKey: templatesQuery.queryKey });
    queryClient.setQueryData<DataCardList>(templatesQuery.queryKey, { items: DEPARTMENTS.flatMap((department) => next[department]) });
  };

  const drop = useMutation({
    mutationFn: async (plan: TemplateDrop) => {
      if (plan.kind === 'reorder') return api.cardTemplates.reorder(plan.department, plan.cardIds);
      await api.cardTemplates.move(plan.card.id, plan.department);
      return api.cardTemplates.reorder(plan.department, plan.cardIds);
    },
    onSuccess: (_list, plan) => notify({ type: 'success', title: plan.kind === 'reorder' ? 'Template order updated' : `Card moved to ${plan.department}` }),
    onError: (error, plan) =>
      notify({ type: 'error', title: plan.kind === 'reorder' ? 'Error updating order' : 'Error moving card', description: errorMessage(error) }),
    onSettled: refresh,
  });

  return {
    busy: drop.isPending,
    onDrop: (plan: TemplateDrop) => {
      void showGroups(plan.groups).then(() => drop.mutate(plan));
    },
  };
}
