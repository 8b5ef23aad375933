import { Field, NativeSelect } from '@chakra-ui/react';
import { DEPARTMENTS, isDepartment, type Department } from '@venuebook/sdk';

/** The department a dialog adds to (it starts at the screen's department). */
export function DepartmentSelect({
  value,
  onChange,
  disabled,
  testId,
}: {
  value: Department;
  onChange: (department: Department) => void;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <Field.Root>
      <Field.Label>Department</Field.Label>
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field
          value={value}
          onChange={(event) => {
            if (isDepartment(event.target.value)) onChange(event.target.value);
          }}
          data-testid={testId}
        >
          {DEPARTMENTS.map((department) => (
            <option key={department} value={department}>
              {department}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
