import { Button, Field, Grid, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { LuFilter, LuX } from 'react-icons/lu';
import {
  auditFilterErrors,
  isAuditFiltered,
  localInputValue,
  NO_AUDIT_FILTERS,
  normalizedFilterValues,
  type AuditLogFilterErrors,
  type AuditLogFilterField,
  type AuditLogFilterValues,
  type AuditLogFixedFilters,
} from './audit-log-filters.ts';

export interface AuditLogFilterFormProps {
  id?: string;
  /** The filters applied (the address's). */
  values: AuditLogFilterValues;
  onApply: (values: AuditLogFilterValues) => void;
  fixed: AuditLogFixedFilters;
  /** Suggestions for the free-text fields (actions and tables seen so far). */
  actions: readonly string[];
  tables: readonly string[];
}

/**
 * The list's filters: user id, action, table, record id, from and to. Edited here and applied together ('Apply
 * filters' or Enter); a wrong value is named under its field and nothing is applied. Filters the screen fixes are not
 * shown; with fixed tables, the table is chosen among them. Its parent gives it a new key when the applied filters
 * change (back and forward, a row's value clicked), so that it shows them.
 */
export function AuditLogFilterForm({ id: formId, values, onApply, fixed, actions, tables }: AuditLogFilterFormProps) {
  const [draft, setDraft] = useState(values);
  const [checked, setChecked] = useState(false);
  const appliedErrors = auditFilterErrors(values, fixed);
  const errors: AuditLogFilterErrors = checked ? auditFilterErrors(draft, fixed) : draft === values ? appliedErrors : {};
  const id = useId();

  const set = (field: AuditLogFilterField) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setDraft((previous) => ({ ...previous, [field]: value }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(auditFilterErrors(draft, fixed)).length > 0) return;
    onApply(normalizedFilterValues(draft));
  };
  const clear = () => {
    setDraft(NO_AUDIT_FILTERS);
    setChecked(false);
    onApply(NO_AUDIT_FILTERS);
  };
  const fixedTables = fixed.tables ?? [];

  return (
    <form id={formId} onSubmit={submit} noValidate role="search" aria-label="Filter audit log entries" data-testid="audit-filters">
      <Grid
        templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(6, minmax(0, 1fr))' }}
        gap="3"
        alignItems="start"
      >
        {fixed.userId ? null : (
          <FilterField label="User ID" error={errors.userId}>
            <Input size="sm" value={draft.userId} onChange={set('userId')} placeholder="Any user" autoComplete="off" data-testid="audit-filter-user" />
          </FilterField>
        )}
        {fixed.action ? null : (
          <FilterField label="Action" error={errors.action}>
            <Input
              size="sm"
              value={draft.action}
              onChange={set('action')}
              placeholder="Any action"
              list={`${id}-actions`}
              autoComplete="off"
              data-testid="audit-filter-action"
            />
            <datalist id={`${id}-actions`}>
              {actions.map((action) => (
                <option key={action} value={action} />
              ))}
            </datalist>
          </FilterField>
        )}
        {fixedTables.length === 1 ? null : fixedTables.length > 1 ? (
          <FilterField label="Table" error={errors.table}>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={draft.table} onChange={set('table')} data-testid="audit-filter-table">
                <option value="">All of them</option>
                {fixedTables.map((table) => (
                  <option key={table} value={table}>
                    {table}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FilterField>
        ) : (
          <FilterField label="Table" error={errors.table}>
            <Input
              size="sm"
              value={draft.table}
              onChange={set('table')}
              placeholder="Any table"
              list={`${id}-tables`}
              autoComplete="off"
              data-testid="audit-filter-table"
            />
            <datalist id={`${id}-tables`}>
              {tables.map((table) => (
                <option key={table} value={table} />
              ))}
            </datalist>
          </FilterField>
        )}
        {fixed.recordId ? null : (
          <FilterField label="Record ID" error={errors.recordId}>
            <Input size="sm" value={draft.recordId} onChange={set('recordId')} placeholder="Any record" autoComplete="off" data-testid="audit-filter-record" />
          </FilterField>
        )}
        <FilterField label="From" error={errors.from} wide>
          <Input size="sm" type="datetime-local" value={localInputValue(draft.from)} onChange={set('from')} data-testid="audit-filter-from" />
        </FilterField>
        <FilterField label="To" error={errors.to} wide>
          <Input size="sm" type="datetime-local" value={localInputValue(draft.to)} onChange={set('to')} data-testid="audit-filter-to" />
        </FilterField>
      </Grid>
      <HStack gap="2" pt="3" wrap="wrap">
        <Button type="submit" size="sm" colorPalette="brand" data-testid="audit-filters-apply">
          <LuFilter aria-hidden />
          Apply filters
        </Button>
        {isAuditFiltered(values) || isAuditFiltered(draft) ? (
          <Button type="button" size="sm" variant="ghost" onClick={clear} data-testid="audit-filters-clear">
            <LuX aria-hidden />
            Clear filters
          </Button>
        ) : null}
      </HStack>
    </form>
  );
}

/** A filter with its label, and what is wrong with it; `wide`: a whole row on a phone (a date and time input). */
function FilterField({ label, error, wide = false, children }: { label: string; error: string | undefined; wide?: boolean; children: ReactNode }) {
  return (
    <Field.Root invalid={error !== undefined} minW="0" gridColumn={wide ? { base: 'span 2', md: 'auto' } : undefined}>
      <Field.Label fontSize="sm">{label}</Field.Label>
      {children}
      {error ? <Field.ErrorText data-testid="audit-filter-error">{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
