import { DEPARTMENTS, isDepartment, LabeledSelect, type Department } from '@venuebook/sdk';

/** A select of the seven departments, labelled ('Department' unless told). */
export function DepartmentSelect({
  value,
  onChange,
  disabled,
  testId,
  label = 'Department',
  helperText,
}: {
  value: Department;
  onChange: (department: Department) => void;
  disabled?: boolean;
  testId: string;
  label?: string;
  helperText?: string;
}) {
  return (
    <LabeledSelect
      label={label}
      helperText={helperText}
      value={value}
      onChange={(chosen) => {
        if (isDepartment(chosen)) onChange(chosen);
      }}
      options={DEPARTMENTS}
      disabled={disabled}
      testId={testId}
    />
  );
}
