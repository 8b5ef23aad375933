// The shared input rules of a card (spec §5 'Card fields'), as the service applies them to what the gateway (or
// any gRPC caller) sent.
import { CARD_DEPARTMENT_REQUIRED, cardInputSchema, normalizeCardFields, toFieldErrors } from '@venuebook/domain';
import type { CardField, CardInputParsed, Department } from '@venuebook/domain';
import { GrpcError } from '@venuebook/grpc';

export interface CardContent {
  title: string;
  description: string;
  departments: Department[];
  primaryDepartment: Department;
  fields: CardField[];
}

/** The parsed input (400 with field details when invalid). */
export function parseCardInput(raw: unknown): CardInputParsed {
  const result = cardInputSchema.safeParse(raw ?? {});
  if (!result.success) throw GrpcError.invalidArgument('Invalid card', toFieldErrors(result.error));
  return result.data;
}

/** The departments of a card: the given ones with the primary among them (the first when none is named). */
export function cardDepartments(input: Pick<CardInputParsed, 'departments' | 'primaryDepartment'>): {
  departments: Department[];
  primaryDepartment: Department;
} {
  const primary = input.primaryDepartment ?? input.departments[0];
  if (!primary) throw GrpcError.invalidArgument('Invalid card', [{ field: 'departments', message: CARD_DEPARTMENT_REQUIRED }]);
  const departments = [...new Set<Department>([primary, ...input.departments])];
  return { departments, primaryDepartment: primary };
}

/** What a card stores of valid input (keys, notes field; spec §5). */
export function cardContent(input: CardInputParsed, departments: { departments: Department[]; primaryDepartment: Department }): CardContent {
  return { title: input.title, description: input.description, ...departments, fields: normalizeCardFields(input.fields) };
}
